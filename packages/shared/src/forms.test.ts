import { describe, expect, it } from 'vitest';
import { CHECKLIST_MSG } from './checklists';
import { EXPENSE_MSG } from './expenses';
import { FIELD_MSG } from './field';
import {
  approveFormSchema,
  checklistEntryFormSchema,
  contestFormSchema,
  dashboardPeriodFormSchema,
  descricaoRowFormSchema,
  expenseFormSchema,
  expenseRowFormSchema,
  orderFormSchema,
  orderReportFormSchema,
  pendingEntryFormSchema,
  portalContactFormSchema,
  promptPdfFormSchema,
  ratingFormSchema,
  scheduleFormSchema,
  serviceRequestFormSchema,
  servicoFormSchema,
  servicoRowFormSchema,
  viagemIdaFormSchema,
} from './forms';
import { ORDER_MSG } from './orders';
import { PORTAL_MSG } from './portal';
import { APPROVAL_MSG } from './portal-approval';
import { REQUEST_MSG } from './requests';
import { GERAR_MSG } from './utilities';
import { WHATSAPP_MSG } from './whatsapp';

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

  it('refused offline entry: the corrected fields are sent as typed', () => {
    expect(pendingEntryFormSchema.parse({ kmida: '120,5', obsida: '' })).toEqual({ kmida: '120,5', obsida: '' });
    expect(pendingEntryFormSchema.safeParse({ kmida: 12 }).success).toBe(false);
  });

  it('order report filters: a start after the end is refused, the filters pass as typed', () => {
    const filters = { dataInicio: '2026-04-10', dataFim: '2026-04-01', cliente: '3', status: '', engenheiro: '' };
    expect(messages(orderReportFormSchema.safeParse(filters))).toEqual([ORDER_MSG.dateRange]);
    expect(orderReportFormSchema.parse({ ...filters, dataFim: '2026-04-10' })).toEqual({ ...filters, dataFim: '2026-04-10' });
    expect(orderReportFormSchema.parse({ ...filters, dataInicio: '' })).toMatchObject({ dataFim: '2026-04-01' });
  });

  it('dashboard period: blank dates are left to the server, a date is checked as the server does', () => {
    expect(dashboardPeriodFormSchema.parse({ dataInicio: '', dataFim: '2026-04-30' })).toEqual({
      dataInicio: undefined,
      dataFim: '2026-04-30',
    });
    expect(dashboardPeriodFormSchema.safeParse({ dataInicio: '30/04/2026', dataFim: '' }).error?.issues[0]?.path).toEqual([
      'dataInicio',
    ]);
  });

  it('prompt PDF: the server checks of the file name, and the name without the date when asked', () => {
    const pdf = { titulo: 'Relatório', conteudo: 'Texto', nomeArquivo: 'laudo', incluirData: false };
    expect(promptPdfFormSchema.parse(pdf)).toEqual({ titulo: 'Relatório', conteudo: 'Texto', nomeArquivo: 'laudo.pdf' });
    expect(promptPdfFormSchema.parse({ ...pdf, incluirData: true }).nomeArquivo).toMatch(/^laudo-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(messages(promptPdfFormSchema.safeParse({ ...pdf, nomeArquivo: 'a/b' }))).toEqual([GERAR_MSG.nomeArquivoInvalid]);
    expect(messages(promptPdfFormSchema.safeParse({ ...pdf, titulo: ' ' }))).toEqual([GERAR_MSG.tituloRequired]);
  });

  it('portal approval: a name to approve, a reason to contest, a star to rate', () => {
    expect(messages(approveFormSchema.safeParse({ nome: '  ' }))).toEqual([APPROVAL_MSG.nameRequired]);
    expect(approveFormSchema.parse({ nome: ' Marta ' })).toEqual({ nome: 'Marta' });
    expect(messages(contestFormSchema.safeParse({ motivo: '' }))).toEqual([APPROVAL_MSG.reasonRequired]);
    expect(messages(contestFormSchema.safeParse({ motivo: 'x'.repeat(2001) }))).toEqual([APPROVAL_MSG.reasonTooLong]);
    expect(messages(ratingFormSchema.safeParse({ nota: '', comentario: 'Bom' }))).toEqual([APPROVAL_MSG.rateRequired]);
    expect(ratingFormSchema.parse({ nota: '4', comentario: ' Rápido ' })).toEqual({ nota: 4, comentario: 'Rápido' });
  });

  it('portal contact: name and a valid e-mail, saved active; a WhatsApp number read as +55, or none', () => {
    const blank = { whatsapp: '', aceitaWhatsapp: false };
    expect(messages(portalContactFormSchema.safeParse({ nome: '', email: 'ana@usina.com.br', ...blank }))).toEqual([
      PORTAL_MSG.contactRequired,
    ]);
    expect(messages(portalContactFormSchema.safeParse({ nome: 'Ana', email: 'ana@', ...blank }))).toEqual([
      PORTAL_MSG.contactEmailInvalid,
    ]);
    expect(portalContactFormSchema.parse({ nome: ' Ana ', email: ' ana@usina.com.br ', ...blank })).toEqual({
      nome: 'Ana',
      email: 'ana@usina.com.br',
      ativo: true,
      whatsapp: null,
      aceitaWhatsapp: false,
    });
    const withPhone = { nome: 'Ana', email: 'ana@usina.com.br', whatsapp: '(87) 99999-0000', aceitaWhatsapp: true };
    expect(portalContactFormSchema.parse(withPhone)).toMatchObject({ whatsapp: '+5587999990000', aceitaWhatsapp: true });
    expect(messages(portalContactFormSchema.safeParse({ ...withPhone, whatsapp: '123' }))).toEqual([WHATSAPP_MSG.phoneInvalid]);
  });

  it('service request: the reason required, no equipment is null, the urgency defaults to Média', () => {
    const request = { equipamentoId: '', motivo: ' Vazamento ', urgencia: '', contato: 'Ana', fone: '' };
    expect(serviceRequestFormSchema.parse(request)).toEqual({
      equipamentoId: null,
      motivo: 'Vazamento',
      urgencia: 'Média',
      contato: 'Ana',
      fone: '',
    });
    expect(serviceRequestFormSchema.parse({ ...request, equipamentoId: '12' }).equipamentoId).toBe(12);
    expect(messages(serviceRequestFormSchema.safeParse({ ...request, motivo: ' ' }))).toEqual([REQUEST_MSG.motivoRequired]);
  });

  it('rows edited in place: read by the payload schema the server parses, the value in reais', () => {
    const row = { dataservico: '2026-04-10', feriado: 'sim', entradaservico: '08:00', saidaservico: '17:00', intervalo: '' };
    expect(servicoRowFormSchema.parse(row)).toMatchObject({ feriado: true, intervalo: 0 });
    expect(servicoRowFormSchema.parse({ ...row, intervalo: '1,5' }).intervalo).toBe(1.5);
    expect(messages(descricaoRowFormSchema.safeParse({ data: '2026-04-10', descricao: ' ' }))).toEqual([
      FIELD_MSG.descricaoRequired,
    ]);
    const expense = {
      data: '2026-04-10',
      docnr: '45127',
      valor: '1.219,82',
      tipodespesa: 'Combustível',
      descricao: 'Abastecimento do carro da equipe',
      observacao: '',
    };
    expect(expenseRowFormSchema.parse(expense).valor).toBe(1219.82);
    expect(messages(expenseRowFormSchema.safeParse({ ...expense, valor: 'doze' }))).toEqual([EXPENSE_MSG.valorInvalid]);
    expect(messages(expenseRowFormSchema.safeParse({ ...expense, descricao: 'curta' }))).toEqual([EXPENSE_MSG.descricaoMin]);
  });

  it("checklist item: the value judged, then a 'Não conforme' needs its note and photo (one already sent counts)", () => {
    const reading = { tipo: 'leitura' as const, minimo: 210, maximo: 230, opcoes: [], fotoObrigatoria: false };
    const entry = { valor: '220', observacao: '', foto: null };
    expect(checklistEntryFormSchema<string>(reading, false).safeParse(entry).success).toBe(true);
    expect(messages(checklistEntryFormSchema<string>(reading, false).safeParse({ ...entry, valor: 'abc' }))).toEqual([
      CHECKLIST_MSG.reading,
    ]);
    const out = { ...entry, valor: '240', observacao: 'Tensão alta' };
    expect(messages(checklistEntryFormSchema<string>(reading, false).safeParse(out))).toEqual([CHECKLIST_MSG.nonConformEvidence]);
    expect(checklistEntryFormSchema<string>(reading, false).safeParse({ ...out, foto: 'foto.jpg' }).success).toBe(true);
    expect(checklistEntryFormSchema<string>(reading, true).safeParse(out).success).toBe(true);
  });
});
