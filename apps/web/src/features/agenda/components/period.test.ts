import { describe, expect, it } from 'vitest';
import { dayHeading, hoursLabel, movedWindow, periodLabel, periodOf, shiftDay, touchesDay } from './period';

describe('the board periods', () => {
  it('shows a day, its week from Monday, or its month', () => {
    expect(periodOf('dia', '2026-11-24')).toEqual({ inicio: '2026-11-24', fim: '2026-11-24', days: ['2026-11-24'] });
    const week = periodOf('semana', '2026-11-29');
    expect([week.inicio, week.fim, week.days.length]).toEqual(['2026-11-23', '2026-11-29', 7]);
    const feb = periodOf('mes', '2028-02-10');
    expect([feb.inicio, feb.fim, feb.days.length]).toEqual(['2028-02-01', '2028-02-29', 29]);
    expect(periodLabel('semana', week)).toBe('23/11 – 29/11/2026');
    expect(periodLabel('mes', feb)).toBe('fevereiro de 2028');
    expect(dayHeading('2026-11-24')).toBe('ter 24/11');
  });

  it('moves a day, a week or a month', () => {
    expect(shiftDay('dia', '2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('semana', '2026-11-24', -1)).toBe('2026-11-17');
    expect(shiftDay('mes', '2026-01-31', 1)).toBe('2026-02-01');
  });

  it('moves a window to another day keeping its hours and length', () => {
    expect(movedWindow({ agendaInicio: '2026-11-24T22:00', agendaFim: '2026-11-25T02:00' }, '2026-11-30')).toEqual({
      agendaInicio: '2026-11-30T22:00',
      agendaFim: '2026-12-01T02:00',
    });
    expect(movedWindow({ agendaInicio: null, agendaFim: null }, '2026-11-30')).toEqual({
      agendaInicio: '2026-11-30T08:00',
      agendaFim: '2026-11-30T12:00',
    });
    const night = { agendaInicio: '2026-11-24T22:00', agendaFim: '2026-11-25T00:00' };
    expect([touchesDay(night, '2026-11-24'), touchesDay(night, '2026-11-25')]).toEqual([true, false]);
    expect(hoursLabel({ agendaInicio: '2026-11-30T08:00', agendaFim: '2026-12-02T10:00' })).toBe('30/11 08:00 – 02/12 10:00');
  });
});
