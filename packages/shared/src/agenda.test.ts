import { describe, expect, it } from 'vitest';
import {
  addressLine,
  agendaGroupOf,
  agendaWindowError,
  conflictLabel,
  formatAgendaWindow,
  groupByAgenda,
  mapLink,
  parseAgendaDateTime,
  windowsOverlap,
} from './agenda';
import { agendaUpdateSchema } from './agenda-schemas';

describe('agenda windows', () => {
  it('reads real days and times only, normalised to YYYY-MM-DDTHH:mm', () => {
    expect(parseAgendaDateTime('2026-11-24T08:00')).toBe('2026-11-24T08:00');
    expect(parseAgendaDateTime('2026-11-24 08:00:59')).toBe('2026-11-24T08:00');
    expect(parseAgendaDateTime('2026-02-29T08:00')).toBeNull();
    expect(parseAgendaDateTime('2026-11-24T24:00')).toBeNull();
    expect(parseAgendaDateTime('24/11/2026 08:00')).toBeNull();
  });

  it('says what is wrong with a window', () => {
    expect(agendaWindowError(null, null)).toBeNull();
    expect(agendaWindowError('2026-11-24T08:00', '2026-11-24T08:01')).toBeNull();
    expect(agendaWindowError('2026-11-24T08:00', '2026-11-24T08:00')).toBe('Fim: deve ser depois do início.');
    expect(agendaWindowError('2026-11-24T08:00', null)).toContain('ou deixe os dois vazios');
  });

  it('validates the agenda body, naming the field', () => {
    const bad = agendaUpdateSchema.safeParse({ agendaInicio: '2026-13-01T08:00', agendaFim: null });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Início: informe data e hora no formato AAAA-MM-DDTHH:mm.');
    expect(agendaUpdateSchema.parse({ tecnicoId: '7', agendaInicio: '', agendaFim: null })).toEqual({
      tecnicoId: 7,
      agendaInicio: null,
      agendaFim: null,
    });
  });

  it('overlaps only when each starts before the other ends', () => {
    const a = { inicio: '2026-11-24T18:00', fim: '2026-11-25T10:00' };
    expect(windowsOverlap(a, { inicio: '2026-11-25T08:00', fim: '2026-11-25T12:00' })).toBe(true);
    expect(windowsOverlap(a, { inicio: '2026-11-25T10:00', fim: '2026-11-25T12:00' })).toBe(false);
    expect(conflictLabel([43, 7])).toBe('Conflito com OS 00043, OS 00007');
  });

  it('writes a window as people read it', () => {
    const today = '2026-11-24';
    expect(formatAgendaWindow('2026-11-24T08:00', '2026-11-24T12:00', today)).toBe('Hoje 08:00–12:00');
    expect(formatAgendaWindow('2026-11-25T14:00', '2026-11-25T15:30', today)).toBe('Amanhã 14:00–15:30');
    expect(formatAgendaWindow('2026-11-27T08:00', '2026-11-27T12:00', today)).toBe('27/11/2026 08:00–12:00');
    expect(formatAgendaWindow('2026-11-24T22:00', '2026-11-25T00:00', today)).toBe('Hoje 22:00–24:00');
    expect(formatAgendaWindow('2026-11-24T08:00', '2026-11-26T12:00', today)).toBe('Hoje 08:00 – 26/11/2026 12:00');
  });
});

describe('the technician groups', () => {
  const today = '2026-11-24';
  const card = (numero: number, agendaInicio: string | null, agendaFim: string | null) => ({ numero, agendaInicio, agendaFim });

  it('puts each card in Hoje, Amanhã, Próximos or Sem agendamento, by start', () => {
    expect(agendaGroupOf(card(1, '2026-11-23T08:00', '2026-11-25T08:00'), today)).toBe('Hoje');
    expect(agendaGroupOf(card(1, '2026-11-20T08:00', '2026-11-20T09:00'), today)).toBe('Hoje');
    expect(agendaGroupOf(card(1, '2026-11-25T00:00', '2026-11-25T09:00'), today)).toBe('Amanhã');
    expect(agendaGroupOf(card(1, '2026-11-26T08:00', '2026-11-26T09:00'), today)).toBe('Próximos');
    expect(agendaGroupOf(card(1, null, null), today)).toBe('Sem agendamento');

    const groups = groupByAgenda(
      [
        card(5, null, null),
        card(4, '2026-11-24T14:00', '2026-11-24T15:00'),
        card(3, '2026-11-24T08:00', '2026-11-24T12:00'),
        card(9, null, null),
        card(2, '2026-12-01T08:00', '2026-12-01T09:00'),
      ],
      today,
    );
    expect(groups.map((g) => [g.group, g.items.map((i) => i.numero)])).toEqual([
      ['Hoje', [3, 4]],
      ['Próximos', [2]],
      ['Sem agendamento', [9, 5]],
    ]);
  });

  it('links the address to the map app', () => {
    const line = addressLine({ endereco: 'Rua A, 10', bairro: 'Centro', cidade: 'Recife', estado: 'PE', cep: '50000000' });
    expect(line).toBe('Rua A, 10, Centro, Recife - PE, 50000-000');
    expect(mapLink(line)).toBe(
      'https://www.google.com/maps/search/?api=1&query=Rua%20A%2C%2010%2C%20Centro%2C%20Recife%20-%20PE%2C%2050000-000',
    );
  });
});
