/**
 * Quotes ('Orçamentos', docs/rules.md#quotes, docs/api.md#quotes): numbered, for a client and optionally one of its
 * equipment, with service and material items; totals computed in centavos on the server; sent to the client's
 * portal contacts, approved or refused in the portal with evidence, turned into an order.
 */
import { DB_INT_MAX } from './edge';
import { drawnSignatureSchema, trimmedText } from './edge-schemas';
import { padNumber } from './format';
import type { ApprovalSendResult } from './portal-approval';
import { z } from './zod';

export const QUOTE_MSG = {
  title: 'Orçamentos',
  notFound: 'Orçamento não encontrado.',
  clientRequired: 'Cliente: escolha o cliente do orçamento.',
  clientNotFound: 'Cliente: cliente não encontrado.',
  equipmentOther: 'Equipamento: escolha um equipamento do cliente do orçamento.',
  validadeRequired: 'Validade: informe a data no formato AAAA-MM-DD.',
  validadePast: 'Validade: a data não pode ser anterior a hoje.',
  itemsRequired: 'Itens: inclua ao menos um item.',
  tooManyItems: 'Itens: no máximo 100 itens.',
  itemType: 'Itens: o tipo deve ser Serviço ou Material.',
  itemDescription: 'Itens: informe a descrição de cada item (até 500 caracteres).',
  itemQuantity: 'Itens: a quantidade deve ser maior que zero (até 3 casas decimais).',
  itemPrice: 'Itens: o valor unitário deve ser zero ou positivo, com no máximo 2 casas decimais.',
  itemMaterial: 'Itens: um item de material precisa do material escolhido (materialId).',
  itemServiceMaterial: 'Itens: um item de serviço não leva material (materialId).',
  materialNotFound: (n: number) => `Item ${n}: material não encontrado.`,
  materialInactive: (n: number) => `Item ${n}: material inativo; escolha um material ativo do cadastro.`,
  materialWhole: (n: number, unidade: string) =>
    `Item ${n}: material em ${unidade} se conta em unidades inteiras; informe na quantidade um número inteiro, como 2.`,
  materialPick: 'Material: busque pelo código ou pela descrição e escolha um da lista.',
  discount: 'Desconto: informe um valor zero ou positivo, com no máximo 2 casas decimais.',
  discountOverTotal: 'Desconto: não pode ser maior que a soma dos itens.',
  totalTooLarge: 'Itens: o total do orçamento passa do limite permitido.',
  textTooLong: 'Observação e condições: no máximo 4000 caracteres cada.',
  notEditable: 'Somente um orçamento em Rascunho ou Enviado pode ser alterado.',
  expired: 'Orçamento vencido.',
  alreadyApproved: 'Este orçamento já foi aprovado.',
  alreadyRefused: 'Este orçamento já foi recusado.',
  converted: 'Este orçamento já foi convertido em OS.',
  notSent: 'Este orçamento ainda não foi enviado (ou foi alterado depois do envio).',
  notApproved: 'Somente um orçamento Aprovado pode gerar OS.',
  noContact: 'O cliente não tem contato ativo no portal. Cadastre um em Contatos do portal.',
  sent: 'Orçamento enviado ao cliente.',
  sendFailed: 'Não foi possível enviar o e-mail do orçamento.',
  nameRequired: 'Nome: informe o nome de quem aprova.',
  nameTooLong: 'Nome: no máximo 200 caracteres.',
  reasonRequired: 'Motivo: informe o motivo da recusa.',
  reasonTooLong: 'Motivo: no máximo 2000 caracteres.',
  approved: 'Orçamento aprovado. Obrigado!',
  refused: 'Recusa registrada. A empresa vai analisar.',
  orderCreated: 'OS criada a partir do orçamento.',
  saved: 'Orçamento salvo.',
  empty: 'Nenhum orçamento.',
  mailTipo: 'Orçamento',
  mailSubject: (numero: number) => `Orçamento ${quoteCode(numero)}`,
} as const;

export const QUOTE_STATUSES = ['Rascunho', 'Enviado', 'Aprovado', 'Recusado', 'Vencido', 'Convertido'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** What the table keeps: 'Vencido' is read, never stored (docs/rules.md#quotes). */
export type StoredQuoteStatus = Exclude<QuoteStatus, 'Vencido'>;

export const QUOTE_ITEM_TYPES = ['servico', 'material'] as const;
export type QuoteItemType = (typeof QUOTE_ITEM_TYPES)[number];
export const QUOTE_ITEM_LABEL: Record<QuoteItemType, string> = { servico: 'Serviço', material: 'Material' };

/** 'ORC 00012'. */
export const quoteCode = (numero: number) => `ORC ${padNumber(numero)}`;

/** True when `value` has at most `places` decimal places (reais: 2, quantities: 3). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** The largest amount a quote holds, in reais (centavos fit a PostgreSQL integer). */
export const QUOTE_MAX_REAIS = 20_000_000;

const reais = (message: string) =>
  z
    .number({ error: message })
    .min(0, { error: message })
    .max(QUOTE_MAX_REAIS, { error: message })
    .refine((v) => hasAtMostDecimals(v, 2), { error: message });

const isoDate = (message: string) => z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: message });

export const quoteItemSchema = z
  .object({
    tipo: z.enum(QUOTE_ITEM_TYPES, { error: QUOTE_MSG.itemType }),
    materialId: z.number().int().positive().max(DB_INT_MAX).nullish(),
    descricao: z
      .string({ error: QUOTE_MSG.itemDescription })
      .trim()
      .min(1, { error: QUOTE_MSG.itemDescription })
      .max(500, { error: QUOTE_MSG.itemDescription }),
    quantidade: z
      .number({ error: QUOTE_MSG.itemQuantity })
      .gt(0, { error: QUOTE_MSG.itemQuantity })
      .max(1_000_000, { error: QUOTE_MSG.itemQuantity })
      .refine((v) => hasAtMostDecimals(v, 3), { error: QUOTE_MSG.itemQuantity }),
    valorUnitario: reais(QUOTE_MSG.itemPrice),
  })
  .refine((i) => i.tipo !== 'material' || !!i.materialId, { error: QUOTE_MSG.itemMaterial, path: ['materialId'] })
  .refine((i) => i.tipo !== 'servico' || i.materialId == null, { error: QUOTE_MSG.itemServiceMaterial, path: ['materialId'] });
export type QuoteItemInput = z.output<typeof quoteItemSchema>;

const longText = z
  .string({ error: QUOTE_MSG.textTooLong })
  .trim()
  .max(4000, { error: QUOTE_MSG.textTooLong })
  .optional()
  .default('');

/** POST /api/orcamentos and PUT /api/orcamentos/{id} (every field; an edit sends the whole quote). */
export const quoteInputSchema = z.object({
  clienteId: z
    .number({ error: QUOTE_MSG.clientRequired })
    .int({ error: QUOTE_MSG.clientRequired })
    .positive({ error: QUOTE_MSG.clientRequired })
    .max(DB_INT_MAX, { error: QUOTE_MSG.clientRequired }),
  equipamentoId: z.number().int().positive().max(DB_INT_MAX).nullish(),
  validade: isoDate(QUOTE_MSG.validadeRequired),
  itens: z
    .array(quoteItemSchema, { error: QUOTE_MSG.itemsRequired })
    .min(1, { error: QUOTE_MSG.itemsRequired })
    .max(100, { error: QUOTE_MSG.tooManyItems }),
  desconto: reais(QUOTE_MSG.discount).optional().default(0),
  observacao: longText,
  condicoes: longText,
});
export type QuoteInput = z.output<typeof quoteInputSchema>;

/** Centavos of an amount in reais: 12.3 -> 1230. */
export const reaisToCentavos = (v: number) => Math.round(v * 100);
/** Thousandths of a quantity: 1.5 -> 1500. */
export const quantityToMilli = (v: number) => Math.round(v * 1000);
/** An item's total in centavos: quantity × unit price, rounded to the centavo (half up). */
export const itemTotalCentavos = (quantidadeMilli: number, valorUnitarioCentavos: number) =>
  Math.round((quantidadeMilli * valorUnitarioCentavos) / 1000);

export interface QuoteItem {
  tipo: QuoteItemType;
  materialId: number | null;
  descricao: string;
  quantidade: number;
  valorUnitario: number;
  total: number;
}

export interface QuoteApproval {
  contato: string;
  email: string;
  nome: string;
  em: string;
  ip: string;
  navegador: string;
  codigoPdf: string;
  versao: number;
  assinatura: boolean;
}

export interface QuoteRefusal {
  contato: string;
  email: string;
  motivo: string;
  em: string;
  versao: number;
}

/** GET /api/orcamentos/{id}; the portal's shape leaves out the evidence's address and browser. */
export interface Quote {
  id: number;
  numero: number;
  codigo: string;
  clienteId: number;
  cliente: string;
  equipamentoId: number | null;
  equipamento: string;
  validade: string;
  status: QuoteStatus;
  versao: number;
  itens: QuoteItem[];
  subtotal: number;
  desconto: number;
  total: number;
  observacao: string;
  condicoes: string;
  enviadoEm: string | null;
  os: { id: number; numero: number } | null;
  aprovacao: QuoteApproval | null;
  recusa: QuoteRefusal | null;
  createdAt: string;
}

/** A material the order was quoted with: planned, not yet consumed (docs/rules.md#quotes). */
export interface PlannedMaterial {
  materialId: number;
  codigo: string;
  descricao: string;
  quantidade: number;
  unidade: string;
}

/** GET /api/os/{id}/orcamento: the quote an order was generated from and its material items, or null. */
export interface OrderQuote {
  id: number;
  numero: number;
  codigo: string;
  materiais: PlannedMaterial[];
}

export type QuoteSummary = Pick<
  Quote,
  'id' | 'numero' | 'codigo' | 'cliente' | 'validade' | 'status' | 'versao' | 'total' | 'enviadoEm' | 'os'
>;

/** GET /api/orcamentos?status=&clienteId=&limit=&offset= */
export const quoteListQuerySchema = z.object({
  status: z.enum(QUOTE_STATUSES).optional(),
  clienteId: z.coerce.number().int().positive().max(DB_INT_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional().default(20),
  offset: z.coerce.number().int().min(0).max(DB_INT_MAX).optional().default(0),
});
export type QuoteListQuery = z.output<typeof quoteListQuerySchema>;

/** POST /api/portal/orcamentos/{id}/aprovacao: the typed name, an optional drawn signature (PNG data URL). */
export const quoteApprovalSchema = z.object({
  nome: trimmedText(QUOTE_MSG.nameRequired, 200, QUOTE_MSG.nameTooLong),
  assinatura: drawnSignatureSchema,
});
export type QuoteApprovalInput = z.output<typeof quoteApprovalSchema>;

/** POST /api/portal/orcamentos/{id}/recusa. */
export const quoteRefusalSchema = z.object({ motivo: trimmedText(QUOTE_MSG.reasonRequired, 2000, QUOTE_MSG.reasonTooLong) });
export type QuoteRefusalInput = z.output<typeof quoteRefusalSchema>;

/** POST /api/orcamentos/{id}/enviar: each active contact and its delivery result, as the order's approval request. */
export type QuoteSendResult = ApprovalSendResult;

/** A quantity typed in the form ('1,5', '2'), or NaN. */
export function parseQuantity(text: string): number {
  const t = text.trim().replace(/\./g, '').replace(',', '.');
  return /^\d+(\.\d{1,3})?$/.test(t) ? Number(t) : Number.NaN;
}

/** A money text typed in the form ('1.234,56', '10'), in reais, or NaN. */
export function parseReais(text: string): number {
  const t = text.trim().replace(/R\$|\s/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(t) || /^\d+(,\d{1,2})?$/.test(t))
    return Number(t.replace(/\./g, '').replace(',', '.'));
  return /^\d+\.\d{1,2}$/.test(t) ? Number(t) : Number.NaN;
}

/** The quote form's values as the inputs hold them (docs/style.md#a-form). */
export interface QuoteFormValues {
  clienteId: string;
  equipamentoId: string;
  validade: string;
  desconto: string;
  condicoes: string;
  observacao: string;
  itens: { tipo: QuoteItemType; materialId: string; descricao: string; quantidade: string; valorUnitario: string }[];
}

/** The quote form: text in, the payload of POST/PUT /api/orcamentos out, with the API's messages. */
export const quoteFormSchema = z
  .object({
    clienteId: z.string(),
    equipamentoId: z.string(),
    validade: z.string(),
    desconto: z.string(),
    condicoes: z.string(),
    observacao: z.string(),
    itens: z.array(
      z.object({
        tipo: z.enum(QUOTE_ITEM_TYPES),
        materialId: z.string(),
        descricao: z.string(),
        quantidade: z.string(),
        valorUnitario: z.string(),
      }),
    ),
  })
  .transform(
    (v): z.input<typeof quoteInputSchema> => ({
      clienteId: Number(v.clienteId) || 0,
      equipamentoId: v.equipamentoId ? Number(v.equipamentoId) : null,
      validade: v.validade,
      desconto: v.desconto.trim() ? parseReais(v.desconto) : 0,
      condicoes: v.condicoes,
      observacao: v.observacao,
      itens: v.itens.map((i) => ({
        tipo: i.tipo,
        materialId: i.tipo === 'material' && i.materialId.trim() ? Number(i.materialId) : null,
        descricao: i.descricao,
        quantidade: parseQuantity(i.quantidade),
        valorUnitario: parseReais(i.valorUnitario),
      })),
    }),
  )
  .pipe(quoteInputSchema);

/** The form's running totals, in centavos, with the server's rounding (NaN lines count as zero). */
export function quoteFormTotals(v: Pick<QuoteFormValues, 'itens' | 'desconto'>) {
  const subtotal = v.itens.reduce((s, i) => {
    const q = parseQuantity(i.quantidade);
    const p = parseReais(i.valorUnitario);
    return Number.isNaN(q) || Number.isNaN(p) ? s : s + itemTotalCentavos(quantityToMilli(q), reaisToCentavos(p));
  }, 0);
  const d = parseReais(v.desconto || '0');
  return { subtotal, total: subtotal - (Number.isNaN(d) ? 0 : reaisToCentavos(d)) };
}
