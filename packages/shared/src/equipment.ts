/**
 * Equipment, service history and preventive maintenance (docs/rules.md#equipment): the register's
 * payloads, the texts of its screens and API answers, shared by the forms and the server.
 */

import { whenMissing } from './edge';
import { flagFilter, pageQuery, recordIdSchema } from './edge-schemas';
import { isIsoDate } from './orders';
import { z } from './zod';

/** Texts of the equipment screens and API (docs/screens.md#equipamentos, docs/rules.md#equipment). */
export const EQUIP_MSG = {
  title: 'Gestão de Equipamentos',
  menu: 'Equipamentos',
  newButton: '+ Novo Equipamento',
  newTitle: 'Novo Equipamento',
  editTitle: 'Editar Equipamento',
  searchPlaceholder: 'Buscar por tipo, fabricante, modelo ou série...',
  allClients: 'Todos os clientes',
  empty: 'Nenhum equipamento encontrado',
  saved: 'Equipamento salvo com sucesso.',
  deleted: 'Equipamento excluído com sucesso.',
  deleteConfirm: 'Tem certeza que deseja excluir este equipamento?',
  inUse: 'Este equipamento possui ordens de serviço e não pode ser excluído. Desative-o.',
  clientChangeInUse: 'Cliente: este equipamento já tem ordens de serviço deste cliente e não pode mudar de cliente.',
  duplicateSerial: 'Já existe um equipamento deste fabricante com este número de série.',
  clientRequired: 'Cliente: escolha o cliente do equipamento.',
  clientNotFound: 'Cliente: cliente não encontrado.',
  tipoRequired: 'Tipo: informe o tipo do equipamento (Inversor, Transformador, Gerador, Nobreak...).',
  serialRequired: 'Número de série: informe o número de série.',
  invalidDate: 'informe uma data válida no formato AAAA-MM-DD, entre 2000 e 2099.',
  periodicityInvalid: 'Periodicidade: informe um número inteiro de meses entre 1 e 120, ou deixe vazio.',
  orderEquipmentOther: 'Equipamento do cliente: escolha um equipamento do cliente da OS.',
  orderEquipmentNotFound: 'Equipamento do cliente: equipamento não encontrado.',
  orderField: 'Equipamento do cliente',
  orderNone: 'Nenhum (preencher manualmente)',
} as const;

/** Suggestions for the free-text 'Tipo' (docs/rules.md#equipment). */
export const EQUIPMENT_TYPES = ['Inversor', 'Transformador', 'Gerador', 'Nobreak'] as const;

export const EQUIPMENT_PAGE_SIZE = 10;
export const PERIODICITY_MAX = 120;

const text = (max: number) => z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(max));

/** A day 'YYYY-MM-DD' in 2000-2099, or null ('' and absent are null). */
function optionalDay(label: string) {
  return z.preprocess(
    (v) =>
      v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? v.trim() : v,
    z
      .string({ error: `${label}: ${EQUIP_MSG.invalidDate}` })
      .refine((d) => isIsoDate(d) && Number(d.slice(0, 4)) >= 2000 && Number(d.slice(0, 4)) <= 2099, {
        error: `${label}: ${EQUIP_MSG.invalidDate}`,
      })
      .nullable(),
  );
}

/** POST/PUT /api/equipamentos body (docs/api.md#equipment). */
export const equipmentInputSchema = z.object({
  clienteId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: EQUIP_MSG.clientRequired })
      .int({ error: EQUIP_MSG.clientRequired })
      .positive({ error: EQUIP_MSG.clientRequired })
      .max(2147483647, { error: EQUIP_MSG.clientNotFound }),
  ),
  tipo: z.string(whenMissing(EQUIP_MSG.tipoRequired)).trim().min(1, { error: EQUIP_MSG.tipoRequired }).max(100),
  fabricante: text(100),
  modelo: text(100),
  numeroSerie: z.string(whenMissing(EQUIP_MSG.serialRequired)).trim().min(1, { error: EQUIP_MSG.serialRequired }).max(100),
  local: text(200),
  dataInstalacao: optionalDay('Data de instalação'),
  periodicidadeMeses: z.preprocess(
    (v) =>
      v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? Number(v) : v,
    z
      .number({ error: EQUIP_MSG.periodicityInvalid })
      .int({ error: EQUIP_MSG.periodicityInvalid })
      .min(1, { error: EQUIP_MSG.periodicityInvalid })
      .max(PERIODICITY_MAX, { error: EQUIP_MSG.periodicityInvalid })
      .nullable(),
  ),
  proximaManutencao: optionalDay('Próxima manutenção'),
  ativo: z.preprocess(
    (v) => (v === undefined || v === null ? true : v),
    z.boolean({ error: 'Ativo: informe verdadeiro ou falso.' }),
  ),
  obs: text(2000),
});
export type EquipmentInput = z.output<typeof equipmentInputSchema>;

/** An equipment as the API answers it. */
export interface Equipment {
  id: number;
  clienteId: number;
  cliente: string;
  tipo: string;
  fabricante: string;
  modelo: string;
  numeroSerie: string;
  local: string;
  dataInstalacao: string | null;
  periodicidadeMeses: number | null;
  proximaManutencao: string | null;
  ativo: boolean;
  obs: string;
}

/** GET /api/equipamentos?cliente=&search=&ativo=&limit=&offset= */
export const equipmentListQuerySchema = z.object({
  cliente: recordIdSchema.optional(),
  search: z.string().max(200).optional(),
  ativo: flagFilter,
  ...pageQuery(1000),
});
export type EquipmentListQuery = z.infer<typeof equipmentListQuerySchema>;

/** 'tipo fabricante modelo': the order's `equipamento` text (docs/rules.md#equipment). */
export function equipmentName(e: Pick<Equipment, 'tipo' | 'fabricante' | 'modelo'>): string {
  return [e.tipo, e.fabricante, e.modelo]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
}

/** 'tipo fabricante modelo — série', as the order modal lists it. */
export function equipmentLabel(e: Pick<Equipment, 'tipo' | 'fabricante' | 'modelo' | 'numeroSerie'>): string {
  return `${equipmentName(e)} — ${e.numeroSerie}`;
}

/** A day plus whole months, the day kept or clamped to the month's last ('2026-01-31' + 1 = '2026-02-28'). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** GET /api/equipamentos/{id}/historico: one order of the equipment, newest first (docs/rules.md#equipment). */
export interface EquipmentHistoryEntry {
  id: number;
  numero: number;
  data: string;
  status: string;
  engenheiroNome: string;
  motivo: string;
  endDate: string | null;
  descricoes: { id: number; data: string; descricao: string; imagem: string | null }[];
}

/** Texts of the preventive maintenance screen and API (docs/screens.md#manutencoes, docs/rules.md#equipment). */
export const MAINT_MSG = {
  title: 'Manutenções Previstas',
  menu: 'Manutenções Previstas',
  motivo: 'Manutenção preventiva',
  until: 'Até',
  generate: 'Gerar OS',
  overdue: 'Atrasada',
  empty: 'Nenhuma manutenção prevista até esta data.',
  selectOne: 'Equipamentos: selecione ao menos um equipamento.',
  tooMany: 'Equipamentos: selecione no máximo 200 equipamentos por vez.',
  notFound: 'Equipamentos: equipamento não encontrado.',
  inactive: 'Equipamentos: um equipamento inativo não recebe OS preventiva.',
  openExists: 'Já existe uma OS preventiva aberta para este equipamento',
  dashboardCard: 'Manutenções preventivas atrasadas',
  technician: 'Técnico: escolha um técnico ativo para cada equipamento.',
  technicianColumn: 'Técnico',
  noTechnician: 'Sem técnico',
  labelIds: 'Equipamentos: informe os números dos equipamentos separados por vírgula (no máximo 60).',
} as const;

/** The most equipment one POST /api/manutencoes/gerar or one sheet of labels may name. */
export const MAINT_GENERATE_MAX = 200;
export const LABELS_MAX = 60;

const dueDay = (label: string) =>
  z
    .string({ error: `${label}: ${EQUIP_MSG.invalidDate}` })
    .trim()
    .refine((d) => isIsoDate(d) && Number(d.slice(0, 4)) >= 2000 && Number(d.slice(0, 4)) <= 2099, {
      error: `${label}: ${EQUIP_MSG.invalidDate}`,
    });

/** GET /api/manutencoes/previstas?ate=YYYY-MM-DD (today when left out). */
export const maintenanceDueQuerySchema = z.object({ ate: dueDay('Até').optional() });

/** POST /api/manutencoes/gerar: the equipment to open preventive orders for, and the orders' day (optional). */
export const maintenanceGenerateSchema = z.object({
  equipamentoIds: z
    .array(recordIdSchema, { error: MAINT_MSG.selectOne })
    .min(1, { error: MAINT_MSG.selectOne })
    .max(MAINT_GENERATE_MAX, { error: MAINT_MSG.tooMany }),
  data: z.preprocess((v) => (v === '' || v === null ? undefined : v), dueDay('Data').optional()),
  /**
   * The technician of each equipment's order, by equipment id, as chosen on the due list; an equipment left
   * out gets its last technician (docs/rules.md#equipment).
   */
  tecnicos: z
    .record(z.string().regex(/^\d{1,10}$/, { error: MAINT_MSG.technician }), recordIdSchema.nullable(), {
      error: MAINT_MSG.technician,
    })
    .optional(),
});
export type MaintenanceGenerateInput = z.infer<typeof maintenanceGenerateSchema>;

/** GET /api/equipamentos/etiquetas?ids=1,2,3: up to LABELS_MAX distinct equipment, in the order given. */
export const labelIdsQuerySchema = z.object({
  ids: z
    .string({ error: MAINT_MSG.labelIds })
    .trim()
    .regex(/^\d{1,10}(\s*,\s*\d{1,10})*$/, { error: MAINT_MSG.labelIds })
    .transform((s) => [...new Set(s.split(',').map((p) => Number(p.trim())))])
    .refine((ids) => ids.length <= LABELS_MAX && ids.every((id) => id >= 1 && id <= 2147483647), {
      error: MAINT_MSG.labelIds,
    }),
});

/** A preventive order as the due list names it. */
export interface PreventiveOrderRef {
  id: number;
  numero: number;
  data: string;
  status: string;
  endDate: string | null;
}

/** One row of GET /api/manutencoes/previstas (docs/rules.md#equipment). */
export interface DueMaintenance extends Equipment {
  /** proximaManutencao is before today. */
  atrasada: boolean;
  /** The last preventive order done (Concluído or Fechado, the latest end first), or null. */
  ultimaPreventiva: PreventiveOrderRef | null;
  /** Who the next preventive order goes to unless chosen otherwise: the equipment's last technician (active), or null. */
  tecnico: { id: number; nome: string } | null;
  /** Its open (Aberto or Andamento) preventive order, when it has one: 'Gerar OS' answers 409 for it. */
  preventivaAberta: PreventiveOrderRef | null;
}

/** POST /api/manutencoes/gerar's answer: the orders created, one per equipment, in the order asked. */
export interface MaintenanceGenerated {
  criadas: { equipamentoId: number; osId: number; numero: number; data: string }[];
}
