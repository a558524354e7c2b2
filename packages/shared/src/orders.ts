import { AGENDA_MSG } from './agenda';
import { agendaDateTimeSchema } from './agenda-schemas';
import { EDGE_MSG, FIELD_LABELS, hint } from './edge';
import { recordIdNumberSchema, recordIdSchema } from './edge-schemas';
import { formatDate, padNumber } from './format';
import { normalizeStatus, type OrderStatus, STATUS_LABELS } from './status';
import { z } from './zod';

/** Texts of the order screens and API (docs/screens.md#os, docs/screens.md#osrelatorio, docs/rules.md#validation, docs/api.md#errors), written once. */
export const ORDER_MSG = {
  pageTitle: 'Gestão de Ordens de Serviço',
  reportTitle: 'Relatorio de O.S.',
  newButton: '+ Nova OS',
  searchPlaceholder: 'Buscar por cliente ou número',
  allStatuses: 'Todos os Status',
  newTitle: 'Nova OS',
  editTitle: 'Editar OS',
  clientPlaceholder: 'Selecione um cliente',
  technicianPlaceholder: 'Selecione o técncio que atenderá',
  required: 'Preencha os campos obrigatórios.',
  /** Under each required field left empty, beside the toast's 'Preencha os campos obrigatórios.'. */
  fieldRequired: 'Campo obrigatório.',
  created: 'OS criada com sucesso!',
  updated: 'OS alterada com sucesso!',
  deleted: 'OS excluída com sucesso!',
  confirmDelete: 'Tem certeza que deseja excluir esta OS?',
  reportEmpty: 'Nenhum dado encontrado com paramentros atuais',
  listEmpty: 'Nenhuma OS encontrada.',
  searchButton: 'Buscar Dados',
  history: 'Histórico',
  historyEmpty: 'Nenhuma alteração registrada.',
  noTechnician: 'Sem nome',
  clientNotFound: 'Cliente não encontrado.',
  technicianNotFound: 'Técnico não encontrado.',
  invalidStatus: 'Status inválido. Use Aberto, Andamento, Concluído ou Fechado.',
  closedAdminOnly: 'Esta OS está fechada: somente um administrador pode alterá-la.',
  finishAdminOnly: 'Somente administradores podem concluir ou fechar uma OS.',
  inClosing: 'Esta OS faz parte de um fechamento e não pode ser excluída.',
  dateRange: 'A Data Inicio deve ser anterior ou igual à Data Fim.',
  discardChanges: 'Há alterações não salvas. Deseja descartá-las?',
  exportEmpty: 'Não há dados para exportar.',
} as const;

/** Second confirmation when an order carries records (docs/rules.md#order-life-cycle: nothing deleted without a trace). */
export function confirmDeleteWithRecordsMessage(total: number): string {
  return total === 1
    ? 'Esta OS possui 1 registro (horas, descrições, despesas ou assinatura) que também será excluído. Confirma a exclusão?'
    : `Esta OS possui ${total} registros (horas, descrições, despesas ou assinatura) que também serão excluídos. Confirma a exclusão?`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day as 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const isoDateSchema = z.string().trim().refine(isIsoDate, hint(EDGE_MSG.date));

/** Status on input: any spelling normalizeStatus knows ('Concluido', 'Em andamento', ...). */
export const orderStatusInputSchema = z.string().transform((value, ctx): OrderStatus => {
  const status = normalizeStatus(value);
  if (!status) {
    ctx.addIssue({ code: 'custom', message: ORDER_MSG.invalidStatus });
    return z.NEVER;
  }
  return status;
});

/** A client or technician named by id or by text (razao / username), as docs/api.md#orders clients send it. */
const reference = z.union([recordIdNumberSchema, z.string().trim().max(200)]);
const text = (max = 500) => z.string().trim().max(max);

/**
 * POST /api/os body (docs/api.md#orders). `numero`, `pdf` and `pdfcompleto` are accepted and ignored:
 * the server assigns the number (docs/rules.md#order-life-cycle) and derives the PDF flags from the files.
 */
export const orderCreateSchema = z.object({
  numero: z.unknown().optional(),
  data: isoDateSchema,
  cliente: reference,
  responsavel: text().optional(),
  cidade: text().optional(),
  engenheiro: reference.nullable().optional(),
  equipamento: text().optional(),
  nr_peca: text().optional(),
  nr_serie: text().optional(),
  motivo: text(2000).optional(),
  status: orderStatusInputSchema.optional(),
  endDate: z.union([isoDateSchema, z.literal(''), z.null()]).optional(),
  /** The planned window (docs/rules.md#agenda); both null or left out: unscheduled. */
  agendaInicio: agendaDateTimeSchema(AGENDA_MSG.start).optional(),
  agendaFim: agendaDateTimeSchema(AGENDA_MSG.end).optional(),
  /** The client's registered equipment (docs/rules.md#equipment); null or '' unlinks. */
  equipamentoId: z.preprocess((v) => (v === '' ? null : v), recordIdSchema.nullable()).optional(),
  pdf: z.unknown().optional(),
  pdfcompleto: z.unknown().optional(),
});
export type OrderCreateInput = z.infer<typeof orderCreateSchema>;

/** PUT /api/os/{id}: the same fields; those left out keep their value. */
export const orderUpdateSchema = orderCreateSchema.partial();
export type OrderUpdateInput = z.infer<typeof orderUpdateSchema>;

const limitSchema = z.coerce.number().int().min(1).max(1000).optional();
const offsetSchema = z.coerce.number().int().min(0).default(0);
const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);
const optionalStatus = z
  .string()
  .optional()
  .transform((v, ctx): OrderStatus | undefined => {
    if (!v?.trim()) return undefined;
    const status = normalizeStatus(v);
    if (!status) {
      ctx.addIssue({ code: 'custom', message: ORDER_MSG.invalidStatus });
      return z.NEVER;
    }
    return status;
  });
const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isIsoDate(v), hint(EDGE_MSG.date));

/** GET /api/os: search on client or number, exact status, server paging (X-Total-Count). */
export const orderListQuerySchema = z.object({
  q: optionalText,
  status: optionalStatus,
  limit: limitSchema,
  offset: offsetSchema,
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** GET /api/os/filtrado (docs/api.md#orders): every filter optional and combinable, dates inclusive. */
export const orderReportQuerySchema = orderListQuerySchema.extend({
  cliente: optionalText,
  engenheiro: optionalText,
  dataInicio: optionalDate,
  dataFim: optionalDate,
});
export type OrderReportQuery = z.infer<typeof orderReportQuerySchema>;

/** An order as the API answers it (docs/rules.md#entities plus docs/rules.md#fixed-defects: ids and engenheiroNome). */
export interface Order {
  id: number;
  numero: number;
  data: string;
  cliente: string;
  clienteId: number;
  responsavel: string;
  cidade: string;
  engenheiro: string;
  engenheiroId: number | null;
  engenheiroNome: string;
  equipamento: string;
  nr_peca: string;
  nr_serie: string;
  motivo: string;
  status: OrderStatus;
  pdf: boolean;
  pdfcompleto: boolean;
  endDate: string | null;
  /** The planned window on the company's clock, 'YYYY-MM-DDTHH:mm', or null (docs/rules.md#agenda). */
  agendaInicio: string | null;
  agendaFim: string | null;
  /** The client's registered equipment, or null (docs/rules.md#equipment). */
  equipamentoId: number | null;
}

/** GET /api/os/{id}/registros: what goes with an order when it is deleted. */
export interface OrderRecordCounts {
  viagemIda: number;
  servicos: number;
  viagemVolta: number;
  descricoes: number;
  despesas: number;
  assinaturas: number;
  total: number;
}

/** GET /api/os/{id}/historico: one audit entry (who, when, what changed). */
export interface OrderHistoryEntry {
  id: number;
  entity: string;
  entityId: number | null;
  action: 'create' | 'update' | 'delete' | 'status' | 'reopen';
  username: string;
  at: string;
  changes: unknown;
}

/** Labels of the audited fields, for the 'Histórico' section: the form's words, spelled as the order form writes them. */
export const ORDER_FIELD_LABELS: Record<string, string> = {
  ...FIELD_LABELS,
  responsavel: 'Responsavel',
  endDate: 'Data de término',
  agendaInicio: 'Início do agendamento',
  agendaFim: 'Fim do agendamento',
};

export const AUDIT_ACTION_LABELS: Record<OrderHistoryEntry['action'], string> = {
  create: 'Criação',
  update: 'Alteração',
  delete: 'Exclusão',
  status: 'Mudança de status',
  reopen: 'Reabertura',
};

/** The report's export columns (docs/screens.md#osrelatorio), the same for CSV and XLSX. */
export const ORDER_EXPORT_COLUMNS = [
  'Número',
  'Cliente',
  'Cidade',
  'Data',
  'Eng/Técnico',
  'Status',
  'Responsavel',
  'Equipamento',
  'Nr Peça',
  'Nr Serie',
  'Motivo',
] as const;

/** The report's rows as text cells under ORDER_EXPORT_COLUMNS: padded number, DD/MM/YYYY, status label. */
export function orderExportTable(rows: Order[]): string[][] {
  return [
    [...ORDER_EXPORT_COLUMNS],
    ...rows.map((o) => [
      padNumber(o.numero),
      o.cliente,
      o.cidade,
      formatDate(o.data),
      o.engenheiroNome || o.engenheiro,
      STATUS_LABELS[o.status] ?? o.status,
      o.responsavel,
      o.equipamento,
      o.nr_peca,
      o.nr_serie,
      o.motivo,
    ]),
  ];
}

/**
 * CSV as Excel in Brazil opens it: ';' between cells (',' is the decimal mark), CRLF, a UTF-8 BOM
 * so accents survive, and quotes around any cell holding ';', '"' or a line break.
 * Cells starting with = + - @ get a leading apostrophe (no formula injection).
 */
export function toCsv(rows: string[][]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}
