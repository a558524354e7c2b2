/**
 * Inspection checklists with readings (docs/rules.md#checklists): the templates' payloads, the texts of
 * the screens and the API, and the one function that judges an answer on the phone and on the server.
 */

import { whenMissing } from './edge';
import { z } from './zod';

export const CHECKLIST_ITEM_TYPES = ['conformidade', 'leitura', 'texto', 'opcao'] as const;
export type ChecklistItemType = (typeof CHECKLIST_ITEM_TYPES)[number];

export const CHECKLIST_RESULTS = ['Conforme', 'Não conforme', 'N/A'] as const;
export type ChecklistResult = (typeof CHECKLIST_RESULTS)[number];

export const CHECKLIST_TYPE_LABELS: Record<ChecklistItemType, string> = {
  conformidade: 'Conformidade',
  leitura: 'Leitura',
  texto: 'Texto',
  opcao: 'Opção',
};

/** Texts of the checklist screens and API (docs/screens.md#modelos-de-checklist, docs/rules.md#checklists). */
export const CHECKLIST_MSG = {
  title: 'Modelos de Checklist',
  menu: 'Modelos de Checklist',
  newButton: '+ Novo Modelo',
  newTitle: 'Novo Modelo de Checklist',
  editTitle: 'Editar Modelo de Checklist',
  empty: 'Nenhum modelo de checklist cadastrado',
  saved: 'Modelo salvo com sucesso.',
  deleted: 'Modelo excluído com sucesso.',
  deleteConfirm: 'Tem certeza que deseja excluir este modelo?',
  anyType: 'Qualquer tipo',
  preview: 'Prévia (como o técnico vê)',
  addItem: '+ Item',
  section: 'Checklist',
  none: 'Nenhum checklist nesta OS.',
  add: 'Adicionar checklist',
  answered: 'Resposta salva.',
  outOfRange: 'Fora da faixa',
  inRange: 'Dentro da faixa',
  progress: (done: number, total: number) => `${done} de ${total}`,
  nameRequired: 'Nome: informe o nome do modelo.',
  nameTaken: 'Já existe um modelo com este nome.',
  activeTaken: 'Já existe um modelo ativo para este tipo.',
  inUse: 'Este modelo já foi usado em ordens de serviço e não pode ser excluído. Desative-o.',
  itemsRequired: 'Itens: inclua ao menos um item.',
  itemText: (n: number) => `Item ${n}: informe o texto do item.`,
  itemType: (n: number) => `Item ${n}: escolha o tipo (conformidade, leitura, texto ou opção).`,
  itemOptions: (n: number) => `Item ${n}: informe ao menos duas opções.`,
  itemLimit: (n: number, label: string) => `Item ${n}: ${label}: informe um número, como 210 ou 12,5.`,
  minAboveMax: 'Mínimo maior que o máximo.',
  reading: 'Leitura: informe um número, como 220 ou 12,5.',
  conformity: 'Resposta: escolha Conforme, Não conforme ou N/A.',
  option: 'Resposta: escolha uma das opções do item.',
  textRequired: 'Resposta: preencha este campo.',
  nonConformEvidence: 'Item não conforme: descreva o problema e anexe uma foto.',
  photoRequired: 'Foto: este item exige uma foto.',
  itemElsewhere: 'Item: não pertence ao checklist desta OS.',
  alreadyAttached: 'Esta OS já tem um checklist.',
  templateRequired: 'Modelo: escolha um modelo ativo.',
  notFound: 'Modelo de checklist não encontrado.',
  noChecklist: 'Esta OS não tem checklist.',
  incomplete: 'Checklist incompleto: ',
  photoTooLarge: 'A foto é muito grande. Tamanho máximo: 10MB.',
  photoNotImage: 'Foto: envie uma imagem válida (JPG ou PNG).',
  failed: 'Não foi possível salvar a resposta.',
} as const;

/** 'Checklist incompleto: Tensão de entrada, Nível do óleo' (docs/rules.md#checklists). */
export const incompleteMessage = (texts: string[]) => `${CHECKLIST_MSG.incomplete}${texts.join(', ')}`;

const READING = /^[+-]?\d{1,15}(?:[.,]\d{1,9})?$/;

/** A number as written on the phone: '12,5' and '12.5' are 12.5; '12,5,1', '1e400', 'NaN' and '' are not (null). */
export function parseReading(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (!READING.test(text)) return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 9, useGrouping: false });

/** A number the Brazilian way: 12.5 -> '12,5'. */
export function formatReading(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : decimal.format(value);
}

/** The range of a reading: 'Faixa: 210–230 V', '≥ 210 V', '' without limits. */
export function formatRange(item: { minimo: number | null; maximo: number | null; unidade: string | null }): string {
  const unit = item.unidade ? ` ${item.unidade}` : '';
  if (item.minimo !== null && item.maximo !== null) return `${formatReading(item.minimo)}–${formatReading(item.maximo)}${unit}`;
  if (item.minimo !== null) return `≥ ${formatReading(item.minimo)}${unit}`;
  if (item.maximo !== null) return `≤ ${formatReading(item.maximo)}${unit}`;
  return '';
}

/** What of an item the judgement needs. */
export interface JudgedItem {
  tipo: ChecklistItemType;
  minimo: number | null;
  maximo: number | null;
  opcoes: string[];
}

export type Judgement =
  | { ok: true; valor: string; numero: number | null; resultado: ChecklistResult | null }
  | { ok: false; error: string };

/**
 * docs/rules.md#checklists: the one judgement of an answer, on the phone before saving and on the server,
 * which never trusts the phone's. A reading outside [minimo, maximo] (limits within) is 'Não conforme'.
 */
export function judgeAnswer(item: JudgedItem, raw: unknown): Judgement {
  const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  switch (item.tipo) {
    case 'conformidade':
      return (CHECKLIST_RESULTS as readonly string[]).includes(text)
        ? { ok: true, valor: text, numero: null, resultado: text as ChecklistResult }
        : { ok: false, error: CHECKLIST_MSG.conformity };
    case 'leitura': {
      const value = parseReading(text);
      if (value === null) return { ok: false, error: CHECKLIST_MSG.reading };
      const judged = item.minimo !== null || item.maximo !== null;
      const within = (item.minimo === null || value >= item.minimo) && (item.maximo === null || value <= item.maximo);
      return {
        ok: true,
        valor: formatReading(value),
        numero: value,
        resultado: judged ? (within ? 'Conforme' : 'Não conforme') : null,
      };
    }
    case 'opcao':
      return item.opcoes.includes(text)
        ? { ok: true, valor: text, numero: null, resultado: null }
        : { ok: false, error: CHECKLIST_MSG.option };
    default:
      return text ? { ok: true, valor: text, numero: null, resultado: null } : { ok: false, error: CHECKLIST_MSG.textRequired };
  }
}

/** What an answer must bring beyond its value: a 'Não conforme' the note and the photo, a photo item its photo. */
export function evidenceMissing(
  item: { fotoObrigatoria: boolean },
  resultado: ChecklistResult | null,
  observacao: string,
  hasPhoto: boolean,
): string | null {
  if (resultado === 'Não conforme' && (!observacao.trim() || !hasPhoto)) return CHECKLIST_MSG.nonConformEvidence;
  if (item.fotoObrigatoria && !hasPhoto) return CHECKLIST_MSG.photoRequired;
  return null;
}

const limit = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : (parseReading(v) ?? Number.NaN)),
  z.number().or(z.nan()).nullable(),
);

const itemSchema = z.object({
  texto: z.preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string().max(300)),
  tipo: z.string(),
  unidade: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim() : null), z.string().max(20).nullable()),
  minimo: limit,
  maximo: limit,
  // A list, or the form's text with one choice per line (or separated by ';').
  opcoes: z.preprocess(
    (v) =>
      (Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[;\n]/) : [])
        .map((o) => (typeof o === 'string' ? o.trim() : ''))
        .filter(Boolean),
    z.array(z.string().max(100)).max(30),
  ),
  obrigatorio: z.boolean().default(false),
  fotoObrigatoria: z.boolean().default(false),
});

/** POST/PUT /api/checklists body (docs/api.md#checklists). */
export const checklistTemplateInputSchema = z
  .object({
    nome: z.string(whenMissing(CHECKLIST_MSG.nameRequired)).trim().min(1, { error: CHECKLIST_MSG.nameRequired }).max(100),
    tipoEquipamento: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim() : null), z.string().max(100).nullable()),
    ativo: z.boolean().default(true),
    itens: z.array(itemSchema, { error: CHECKLIST_MSG.itemsRequired }).min(1, { error: CHECKLIST_MSG.itemsRequired }).max(200),
  })
  .superRefine((value, ctx) => {
    value.itens.forEach((item, i) => {
      const n = i + 1;
      const at = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: ['itens', i, field], message });
      if (!item.texto) at('texto', CHECKLIST_MSG.itemText(n));
      if (!(CHECKLIST_ITEM_TYPES as readonly string[]).includes(item.tipo)) at('tipo', CHECKLIST_MSG.itemType(n));
      if (Number.isNaN(item.minimo)) at('minimo', CHECKLIST_MSG.itemLimit(n, 'Mínimo'));
      if (Number.isNaN(item.maximo)) at('maximo', CHECKLIST_MSG.itemLimit(n, 'Máximo'));
      if (item.minimo !== null && item.maximo !== null && item.minimo > item.maximo) at('minimo', CHECKLIST_MSG.minAboveMax);
      if (item.tipo === 'opcao' && new Set(item.opcoes).size < 2) at('opcoes', CHECKLIST_MSG.itemOptions(n));
    });
  });
export type ChecklistTemplateInput = z.output<typeof checklistTemplateInputSchema>;

/** POST /api/os/{id}/checklist body. */
export const checklistAttachSchema = z.object({
  modeloId: z.coerce
    .number({ error: CHECKLIST_MSG.templateRequired })
    .int()
    .positive({ error: CHECKLIST_MSG.templateRequired })
    .max(2147483647),
});

/** PUT /api/os/{id}/checklist/itens/{itemId} fields (JSON, or multipart fields with the file `foto`). */
export const checklistAnswerSchema = z.object({
  valor: z.preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v), z.string().max(2000)),
  observacao: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(2000)),
});

/**
 * POST /api/checklist/respostas: the same answer with its order and item in the body, the way the phone's
 * outbox sends every field entry (docs/rules.md#offline-sync).
 */
export const checklistAnswerPostSchema = checklistAnswerSchema.extend({
  osId: z.coerce.number({ error: CHECKLIST_MSG.itemElsewhere }).int().positive().max(2147483647),
  itemId: z.coerce.number({ error: CHECKLIST_MSG.itemElsewhere }).int().positive().max(2147483647),
});

export interface ChecklistTemplateItem {
  id: number;
  texto: string;
  tipo: ChecklistItemType;
  unidade: string | null;
  minimo: number | null;
  maximo: number | null;
  opcoes: string[];
  obrigatorio: boolean;
  fotoObrigatoria: boolean;
}

export interface ChecklistTemplate {
  id: number;
  nome: string;
  tipoEquipamento: string | null;
  ativo: boolean;
  versao: number;
  emUso: boolean;
  itens: ChecklistTemplateItem[];
}

export interface ChecklistAnswer {
  valor: string;
  resultado: ChecklistResult | null;
  observacao: string;
  foto: string | null;
  respondidoPor: string | null;
  respondidoEm: string;
}

export interface OrderChecklistItem extends ChecklistTemplateItem {
  resposta: ChecklistAnswer | null;
}

/** GET /api/os/{id}/checklist (docs/api.md#checklists). */
export interface OrderChecklist {
  modeloId: number;
  nome: string;
  versao: number;
  itens: OrderChecklistItem[];
  respondidos: number;
  total: number;
  naoConformes: number;
  /** The follow-up orders opened by this order's 'Não conforme' items. */
  pendencias: { osId: number; numero: number; itemId: number }[];
}

/** GET /api/os/{id}/checklist/origem: what opened a follow-up order. */
export interface ChecklistOrigin {
  osId: number;
  numero: number;
  itemTexto: string;
}

/** GET /api/equipamentos/{id}/leituras: each reading item's points over the visits. */
export interface EquipmentReadings {
  itemTexto: string;
  unidade: string | null;
  minimo: number | null;
  maximo: number | null;
  pontos: { osId: number; numero: number; data: string; valor: number; resultado: ChecklistResult | null }[];
}

/** Equipment types compared without regard to case and accents ('Transformador' = 'TRANSFORMADOR' = 'transformadór'). */
export function equipmentTypeKey(tipo: string | null | undefined): string | null {
  if (!tipo?.trim()) return null;
  return tipo.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
