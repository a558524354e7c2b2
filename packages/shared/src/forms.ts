/**
 * The schemas of the web app's forms (docs/rules.md#validation): what each form holds (its text values, as
 * the inputs give them), the one Portuguese message of its first problem, and what the form sends. Each is
 * given to react-hook-form through the web app's resolver; the routes parse the payload schemas
 * (field.ts, expenses.ts, orders.ts, agenda.ts) again on the server.
 */
import { AGENDA_MSG, agendaWindowError } from './agenda';
import { evidenceMissing, type JudgedItem, judgeAnswer } from './checklists';
import { DESCRICAO_MIN, despesaUpdateSchema, EXPENSE_MSG, parseValorToCentavos } from './expenses';
import { FIELD_MSG, formatMinutes, minutesToHours, parseClock, timesheetDuration } from './field';
import { descricaoUpdateSchema, servicoUpdateSchema } from './field-schemas';
import { ORDER_MSG } from './orders';
import { pixCancelSchema, pixDueSchema, pixPaidSchema } from './pix';
import { portalContactInputSchema } from './portal';
import { approvalInputSchema, contestInputSchema, ratingInputSchema } from './portal-approval';
import { quoteApprovalSchema, quoteRefusalSchema } from './quotes';
import { serviceRequestFieldsSchema } from './requests';
import { ORDER_STATUSES } from './status';
import { type DashboardQuery, dashboardQuerySchema, gerarPdfSchema, pdfFileName } from './utilities';
import { z } from './zod';

/** 'R$'-free decimal text ('12,5') -> number, or null when empty or unreadable. */
export function parseDecimal(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!clean) return null;
  const n = Number(clean);
  return Number.isFinite(n) ? n : null;
}

/** The values of a form of text inputs (selects, text areas and radios give text too). */
function textValues<const Keys extends readonly string[]>(keys: Keys) {
  const shape = Object.fromEntries(keys.map((key) => [key, z.string()])) as { [K in Keys[number]]: z.ZodString };
  return z.object(shape);
}

/** A payload schema as the reader of a form's values (Zod types a payload's input as unknown: it reads a request). */
const readBy = <Values, Output>(payload: z.ZodType<Output>) => payload as unknown as z.ZodType<Output, Values>;

/**
 * A form of text inputs whose payload schema reads them: its messages are the form's (the same the server
 * answers), its output is what is sent.
 */
function payloadForm<const Keys extends readonly string[], Output>(keys: Keys, payload: z.ZodType<Output>) {
  const values = textValues(keys);
  return values.pipe(readBy<z.output<typeof values>, Output>(payload));
}

type Check<Values> = (values: Values) => readonly [field: keyof Values & string, message: string] | null;

/**
 * A form of text fields whose checks run in order: the first that fails is the form's one problem, on its
 * field (the old product says one thing at a time, docs/rules.md#validation).
 */
function textForm<const Keys extends readonly string[]>(keys: Keys, checks: Check<Record<Keys[number], string>>[]) {
  return textValues(keys).superRefine((values, ctx) => {
    for (const check of checks) {
      const problem = check(values as Record<Keys[number], string>);
      if (problem) return void ctx.addIssue({ code: 'custom', path: [problem[0]], message: problem[1] });
    }
  });
}

// The timesheet's three tabs (docs/screens.md#order-card-modals).

/** The outbound trip's duration in minutes, or null (docs/rules.md#validation). */
export const idaMinutes = (v: { saidaida: string; chegadaida: string }) =>
  timesheetDuration({ kind: 'ida', saida: v.saidaida, chegada: v.chegadaida });

/** 'Viagem Ida': only a real negative trip is refused as such; blank fields get the tab's fill-in message. */
export const viagemIdaFormSchema = textForm(
  ['dataida', 'saidaida', 'chegadaida', 'kmida', 'obsida'],
  [
    (v) => (!v.kmida.trim() || !v.dataida || !v.saidaida || !v.chegadaida ? ['kmida', FIELD_MSG.idaRequired] : null),
    (v) => (idaMinutes(v) === null ? ['chegadaida', FIELD_MSG.idaNegative] : null),
  ],
).transform((v) => ({ ...v, duracaoida: formatMinutes(idaMinutes(v)) }));

/** The service day's duration in minutes (break in decimal hours), or null. */
export const servicoMinutes = (v: { entradaservico: string; saidaservico: string; intervalo: string }) =>
  timesheetDuration({
    kind: 'servico',
    entrada: v.entradaservico,
    saida: v.saidaservico,
    intervaloMin: Math.round((parseDecimal(v.intervalo) ?? 0) * 60),
  });

/** 'Entrada/Saída Serviço': the computed duration (and the date) must be non-empty. */
export const servicoFormSchema = textForm(
  ['dataservico', 'feriado', 'entradaservico', 'saidaservico', 'intervalo'],
  [(v) => (!v.dataservico || servicoMinutes(v) === null ? ['saidaservico', FIELD_MSG.servicoRequired] : null)],
).transform((v) => ({
  ...v,
  intervalo: parseDecimal(v.intervalo) ?? 0,
  duracaoservico: minutesToHours(servicoMinutes(v) ?? 0),
}));

/** The return trip's duration in minutes (waiting time deducted), or null. */
export const voltaMinutes = (v: { saidavolta: string; chegadavolta: string; tempoEspera: string }) =>
  timesheetDuration({ kind: 'volta', saida: v.saidavolta, chegada: v.chegadavolta, esperaMin: parseClock(v.tempoEspera) ?? 0 });

/** 'Viagem Volta': km, date and a computable duration; waiting time defaults to 00:00 (docs/rules.md#constants). */
export const viagemVoltaFormSchema = textForm(
  ['datavolta', 'saidavolta', 'chegadavolta', 'tempoEspera', 'kmvolta', 'obsvolta'],
  [(v) => (!v.kmvolta.trim() || !v.datavolta || voltaMinutes(v) === null ? ['kmvolta', FIELD_MSG.voltaRequired] : null)],
).transform((v) => ({ ...v, tempoEspera: v.tempoEspera || '00:00', duracaovolta: formatMinutes(voltaMinutes(v)) }));

// The other order-card forms.

/** 'Descrição da Atividade': a date and a description (the photo is optional). */
export const descricaoFormSchema = textForm(
  ['data', 'descricao'],
  [(v) => (!v.data || !v.descricao.trim() ? ['descricao', FIELD_MSG.descricaoRequired] : null)],
).transform((v) => ({ data: v.data, descricao: v.descricao.trim() }));

/** 'Assinar OS': the signer is always named (docs/rules.md#daily-use). */
export const assinaturaFormSchema = z.object({
  nome: z.string().trim().min(1, FIELD_MSG.signerNameRequired).max(200),
});

/**
 * 'Lançamento de Despesas', in the product's order of messages; docs/rules.md#fixed-defects: the type is
 * required (its message is an error, the others warnings). The photo is checked by the form after these.
 */
export const expenseFormSchema = textForm(
  ['data', 'docnr', 'valor', 'tipodespesa', 'descricao', 'observacao'],
  [
    (v) => (!v.data ? ['data', EXPENSE_MSG.required] : !v.docnr.trim() ? ['docnr', EXPENSE_MSG.required] : null),
    (v) => (!v.valor.trim() ? ['valor', EXPENSE_MSG.required] : null),
    (v) => (!v.tipodespesa ? ['tipodespesa', EXPENSE_MSG.typeRequired] : null),
    (v) => (v.descricao.trim().length < DESCRICAO_MIN ? ['descricao', EXPENSE_MSG.descricaoMin] : null),
    (v) => (parseValorToCentavos(v.valor) === undefined ? ['valor', EXPENSE_MSG.valorInvalid] : null),
  ],
);
export type ExpenseFormValues = z.input<typeof expenseFormSchema>;

/** A refused offline entry's typed fields ('Reenviar'): corrected and sent again as they are, the server checks them. */
export const pendingEntryFormSchema = z.record(z.string(), z.string());

// The office's forms.

/** 'Agendar OS': a technician, and both ends of the window in order (docs/rules.md#agenda). */
export const scheduleFormSchema = z
  .object({ tecnicoId: z.string(), agendaInicio: z.string(), agendaFim: z.string() })
  .superRefine((v, ctx) => {
    const problem = (field: keyof typeof v, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    if (!v.tecnicoId) problem('tecnicoId', AGENDA_MSG.technicianRequired);
    if (!v.agendaInicio && !v.agendaFim) {
      problem('agendaInicio', ORDER_MSG.required);
      problem('agendaFim', ORDER_MSG.required);
      return;
    }
    const window = agendaWindowError(v.agendaInicio || null, v.agendaFim || null);
    if (window) problem(v.agendaInicio ? 'agendaFim' : 'agendaInicio', window);
  })
  .transform((v) => ({ tecnicoId: Number(v.tecnicoId), agendaInicio: v.agendaInicio, agendaFim: v.agendaFim }));
export type ScheduleFormValues = z.input<typeof scheduleFormSchema>;

/** 'Nova OS' / 'Editar OS': cliente and data are required, and the technician (docs/rules.md#daily-use). */
export const orderFormSchema = z
  .object({
    data: z.string(),
    cliente: z.string(),
    responsavel: z.string(),
    cidade: z.string(),
    engenheiro: z.string(),
    equipamentoId: z.string(),
    equipamento: z.string(),
    nr_peca: z.string(),
    nr_serie: z.string(),
    motivo: z.string(),
    status: z.enum(ORDER_STATUSES),
  })
  .superRefine((v, ctx) => {
    // Every required field left empty is marked (docs/rules.md#daily-use); the message is the spec's.
    for (const key of ['cliente', 'data', 'engenheiro'] as const)
      if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: ORDER_MSG.required });
  })
  .transform((v) => ({
    ...v,
    cliente: Number(v.cliente),
    engenheiro: v.engenheiro ? Number(v.engenheiro) : null,
    equipamentoId: v.equipamentoId ? Number(v.equipamentoId) : null,
  }));
export type OrderFormValues = z.input<typeof orderFormSchema>;

/** The report's filters ('Buscar Dados', docs/screens.md#osrelatorio): a start after the end is refused. */
export const orderReportFormSchema = textForm(
  ['dataInicio', 'dataFim', 'cliente', 'status', 'engenheiro'],
  [(v) => (v.dataInicio && v.dataFim && v.dataInicio > v.dataFim ? ['dataFim', ORDER_MSG.dateRange] : null)],
);
export type OrderReportFormValues = z.input<typeof orderReportFormSchema>;

/** The dashboard's period ('Aplicar'): a blank date leaves the server's default. */
export const dashboardPeriodFormSchema = textValues(['dataInicio', 'dataFim'])
  .transform((v): DashboardQuery => ({ dataInicio: v.dataInicio || undefined, dataFim: v.dataFim || undefined }))
  .pipe(dashboardQuerySchema);

/** /gerarprompt's PDF: title, content and file name checked as the server does; the name gets its date (docs/rules.md#constants). */
export const promptPdfFormSchema = gerarPdfSchema
  .extend({ incluirData: z.boolean() })
  .transform(({ incluirData, ...v }) => ({ ...v, nomeArquivo: pdfFileName(v.nomeArquivo, { incluirData }) }));

// The rows of the order's view edited in place (docs/screens.md#order-card-modals): the row's text values,
// read by the payload schema the server parses, so a refused row says the server's own message.

/** Text values but one, turned into a number before the payload schema reads them. */
type WithNumber<Keys extends string, N extends Keys> = Record<Exclude<Keys, N>, string> & Record<N, number>;

/** A service row of 'Serviços': a blank Intervalo is none. */
const servicoRowKeys = ['dataservico', 'feriado', 'entradaservico', 'saidaservico', 'intervalo'] as const;
export const servicoRowFormSchema = textValues(servicoRowKeys)
  .transform((v) => ({ ...v, intervalo: parseDecimal(v.intervalo) ?? 0 }))
  .pipe(
    readBy<WithNumber<(typeof servicoRowKeys)[number], 'intervalo'>, z.output<typeof servicoUpdateSchema>>(servicoUpdateSchema),
  );
export type ServicoRowFormValues = z.input<typeof servicoRowFormSchema>;

/** A row of 'Descrição dos Serviços'. */
export const descricaoRowFormSchema = payloadForm(['data', 'descricao'], descricaoUpdateSchema);

/** An expense of 'Despesas': its Valor typed as '1.234,56', sent in reais (docs/rules.md#api-conventions). */
const expenseRowKeys = ['data', 'docnr', 'valor', 'tipodespesa', 'descricao', 'observacao'] as const;
export const expenseRowFormSchema = textValues(expenseRowKeys)
  .transform((v, ctx) => {
    const centavos = parseValorToCentavos(v.valor);
    if (centavos === undefined) {
      ctx.addIssue({ code: 'custom', path: ['valor'], message: EXPENSE_MSG.valorInvalid });
      return z.NEVER;
    }
    return { ...v, valor: centavos / 100 };
  })
  .pipe(readBy<WithNumber<(typeof expenseRowKeys)[number], 'valor'>, z.output<typeof despesaUpdateSchema>>(despesaUpdateSchema));
export type ExpenseRowFormValues = z.input<typeof expenseRowFormSchema>;
/** Body of PUT /api/despesa/atualizatabela/{id} as the row sends it. */
export type ExpenseRowUpdate = z.output<typeof expenseRowFormSchema>;

/**
 * One checklist item answered on the phone (docs/screens.md#checklist-no-celular): the value judged by the
 * server's own `judgeAnswer`, then the note and photo a 'Não conforme' or a photo item needs. `Photo` is the
 * file the phone holds; `sentPhoto` says the item already has one on the server.
 */
export function checklistEntryFormSchema<Photo>(item: JudgedItem & { fotoObrigatoria: boolean }, sentPhoto: boolean) {
  return z.object({ valor: z.string(), observacao: z.string(), foto: z.custom<Photo | null>() }).superRefine((v, ctx) => {
    const judged = judgeAnswer(item, v.valor);
    if (!judged.ok) return void ctx.addIssue({ code: 'custom', path: ['valor'], message: judged.error });
    const missing = evidenceMissing(item, judged.resultado, v.observacao, Boolean(v.foto) || sentPhoto);
    if (missing) ctx.addIssue({ code: 'custom', path: ['foto'], message: missing });
  });
}

// The customer portal's forms (docs/screens.md#portal), read by their payload schemas.

/** 'Aprovar a OS': the approver's name (the drawn signature is the form's own). */
export const approveFormSchema = payloadForm(['nome'], approvalInputSchema.pick({ nome: true }));

/** 'Aprovar' a quote in the portal: the typed name (the drawn signature is read from the pad). */
export const quoteApproveFormSchema = payloadForm(['nome'], quoteApprovalSchema.pick({ nome: true }));

/** 'Recusar' a quote in the portal: the reason. */
export const quoteRefuseFormSchema = payloadForm(['motivo'], quoteRefusalSchema);

/** 'Contestar a OS': the reason. */
export const contestFormSchema = payloadForm(['motivo'], contestInputSchema.pick({ motivo: true }));

/** 'Como avalia o atendimento?': the chosen star (a radio's text, '' while none) and the comment. */
export const ratingFormSchema = textValues(['nota', 'comentario'])
  .transform((v) => ({ ...v, nota: Number(v.nota) }))
  .pipe(readBy<{ nota: number; comentario: string }, z.output<typeof ratingInputSchema>>(ratingInputSchema));

/** 'Contatos do portal' in the client modal: a new contact, active, with its WhatsApp and consent (docs/rules.md#whatsapp). */
export const portalContactFormSchema = textValues(['nome', 'email', 'whatsapp'])
  .extend({ aceitaWhatsapp: z.boolean() })
  .pipe(
    readBy<{ nome: string; email: string; whatsapp: string; aceitaWhatsapp: boolean }, z.output<typeof portalContactInputSchema>>(
      portalContactInputSchema,
    ),
  );

/** 'Solicitar Atendimento': the text fields (the photos are the form's own). */
export const serviceRequestFormSchema = payloadForm(
  ['equipamentoId', 'motivo', 'urgencia', 'contato', 'fone'],
  serviceRequestFieldsSchema,
);
export type ServiceRequestFormValues = z.input<typeof serviceRequestFormSchema>;

// A closing's PIX charge (docs/screens.md#fechamento): one field each, the payload schema reads it.

/** 'Alterar vencimento': the due day (not before the closing's day, checked by the server). */
export const pixDueFormSchema = payloadForm(['vencimento'], pixDueSchema);
/** 'Marcar como paga': the day of payment. */
export const pixPaidFormSchema = payloadForm(['data'], pixPaidSchema);
/** 'Cancelar cobrança': the reason. */
export const pixCancelFormSchema = payloadForm(['motivo'], pixCancelSchema);
