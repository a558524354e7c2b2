import { describe, expect, it } from 'vitest';
import { EXPENSE_MSG } from './expenses';
import { FIELD_MSG } from './field';
import { expenseFormSchema, orderFormSchema, scheduleFormSchema, servicoFormSchema, viagemIdaFormSchema } from './forms';
import { ORDER_MSG } from './orders';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('form schemas', () => {
  const trip = { dataida: '2026-04-10', saidaida: '07:00', chegadaida: '09:15', kmida: '120,5', obsida: '' };

  it('outbound trip: the fill-in message first, a negative trip only when filled in, the duration computed', () => {
    expect(messages(viagemIdaFormSchema.safeParse({ ...trip, saidaida: '' }))).toEqual([FIELD_MSG.idaRequired]);
    expect(messages(viagemIdaFormSchema.safeParse({ ...trip, chegadaida: '06:00' }))).toEqual([FIELD_MSG.idaNegative]);
    expect(viagemIdaFormSchema.parse(trip)).toMatchObject({ kmida: '120,5', duracaoida: '02:15' });
  });

  it('service day: decimal break in hours, duration in decimal hours', () => {
    const day = { dataservico: '2026-04-10', feriado: 'nao', entradaservico: '08:00', saidaservico: '17:30', intervalo: '1,5' };
    expect(servicoFormSchema.parse(day)).toMatchObject({ intervalo: 1.5, duracaoservico: 8 });
    expect(messages(servicoFormSchema.safeParse({ ...day, saidaservico: '' }))).toEqual([FIELD_MSG.servicoRequired]);
  });

  it('expense: one message at a time, in the old product order', () => {
    const expense = { data: '2026-04-10', docnr: '12', valor: '45,90', tipodespesa: 'Alimentação', observacao: '' };
    Object.assign(expense, { descricao: 'Almoço da equipe no cliente' });
    expect(messages(expenseFormSchema.safeParse({ ...expense, docnr: ' ', tipodespesa: '' }))).toEqual([EXPENSE_MSG.required]);
    expect(messages(expenseFormSchema.safeParse({ ...expense, tipodespesa: '', descricao: 'curta' }))).toEqual([
      EXPENSE_MSG.typeRequired,
    ]);
    expect(messages(expenseFormSchema.safeParse({ ...expense, descricao: 'curta' }))).toEqual([EXPENSE_MSG.descricaoMin]);
    expect(messages(expenseFormSchema.safeParse({ ...expense, valor: '4x' }))).toEqual([EXPENSE_MSG.valorInvalid]);
    expect(expenseFormSchema.parse(expense)).toEqual(expense);
  });

  it('order: cliente, data and técnico required; the payload has numbers', () => {
    const blank = ['responsavel', 'cidade', 'engenheiro', 'equipamentoId', 'equipamento', 'nr_peca', 'nr_serie', 'motivo'];
    const order = { data: '2026-04-10', cliente: '3', status: 'Aberto', ...Object.fromEntries(blank.map((k) => [k, ''])) };
    expect(messages(orderFormSchema.safeParse(order))).toEqual([ORDER_MSG.required]);
    // Every missing field is marked, not only the first.
    const none = orderFormSchema.safeParse({ ...order, data: '', cliente: '' });
    expect(none.error?.issues.map((i) => i.path[0])).toEqual(['cliente', 'data', 'engenheiro']);
    expect(orderFormSchema.parse({ ...order, engenheiro: '7' })).toMatchObject({
      cliente: 3,
      engenheiro: 7,
      equipamentoId: null,
    });
  });

  it('schedule: a technician and both ends, the end after the start', () => {
    expect(
      scheduleFormSchema.safeParse({ tecnicoId: '', agendaInicio: '', agendaFim: '' }).error?.issues.map((i) => i.path[0]),
    ).toEqual(['tecnicoId', 'agendaInicio', 'agendaFim']);
    expect(scheduleFormSchema.parse({ tecnicoId: '4', agendaInicio: '2026-04-10T08:00', agendaFim: '2026-04-10T10:00' })).toEqual(
      {
        tecnicoId: 4,
        agendaInicio: '2026-04-10T08:00',
        agendaFim: '2026-04-10T10:00',
      },
    );
  });
});
