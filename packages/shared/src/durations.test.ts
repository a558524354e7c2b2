import { describe, expect, it } from 'vitest';
import { formatMinutes, hoursToMinutes, minutesToHours, parseClock, timesheetDuration } from './durations';

describe('timesheetDuration', () => {
  it('outbound trip: arrival minus departure', () => {
    expect(timesheetDuration({ kind: 'ida', saida: '07:15', chegada: '09:45' })).toBe(150);
    expect(timesheetDuration({ kind: 'ida', saida: '07:15:00', chegada: '07:15' })).toBe(0);
  });

  it('outbound trip: arrival before departure or a missing time is empty', () => {
    expect(timesheetDuration({ kind: 'ida', saida: '09:00', chegada: '08:00' })).toBeNull();
    expect(timesheetDuration({ kind: 'ida', saida: '', chegada: '08:00' })).toBeNull();
  });

  it('service day: exit minus entry minus break', () => {
    expect(timesheetDuration({ kind: 'servico', entrada: '08:00', saida: '17:30', intervaloMin: 60 })).toBe(510);
    expect(timesheetDuration({ kind: 'servico', entrada: '08:00', saida: '12:00', intervaloMin: 0 })).toBe(240);
  });

  it('service day: a negative duration is empty', () => {
    expect(timesheetDuration({ kind: 'servico', entrada: '17:00', saida: '08:00', intervaloMin: 0 })).toBeNull();
    expect(timesheetDuration({ kind: 'servico', entrada: '08:00', saida: '09:00', intervaloMin: 90 })).toBeNull();
  });

  it('return trip: normal day', () => {
    expect(timesheetDuration({ kind: 'volta', saida: '17:00', chegada: '19:30', esperaMin: 0 })).toBe(150);
  });

  it('return trip: arrival after midnight adds a day', () => {
    expect(timesheetDuration({ kind: 'volta', saida: '22:30', chegada: '01:15', esperaMin: 0 })).toBe(165);
  });

  it('return trip: waiting time is subtracted, never below zero', () => {
    expect(timesheetDuration({ kind: 'volta', saida: '17:00', chegada: '20:00', esperaMin: 45 })).toBe(135);
    expect(timesheetDuration({ kind: 'volta', saida: '23:00', chegada: '01:00', esperaMin: 30 })).toBe(90);
    expect(timesheetDuration({ kind: 'volta', saida: '17:00', chegada: '18:00', esperaMin: 120 })).toBe(0);
  });
});

describe('clock helpers', () => {
  it('parses and formats HH:mm', () => {
    expect(parseClock('23:59')).toBe(1439);
    expect(parseClock('24:00')).toBeNull();
    expect(parseClock('7:00')).toBeNull();
    expect(formatMinutes(165)).toBe('02:45');
    expect(formatMinutes(null)).toBe('');
    expect(formatMinutes(25 * 60)).toBe('25:00');
  });

  it('converts decimal hours', () => {
    expect(hoursToMinutes(1.5)).toBe(90);
    expect(hoursToMinutes(0.25)).toBe(15);
    expect(minutesToHours(510)).toBe(8.5);
    expect(minutesToHours(20)).toBe(0.33);
  });
});
