/**
 * Documents and closing: order PDFs, the PDF viewer and the Fechamento of docs/rules.md#order-life-cycle,
 * docs/rules.md#hours-and-closing, docs/rules.md#api-conventions. The arithmetic itself is in hour-bands.ts.
 */
import { whenMissing } from './edge';
import { recordIdSchema } from './edge-schemas';
import { formatCentavos } from './format';
import type { ClosingLine, HourBand, OrderClosing } from './hour-bands';
import { formatQuantity } from './materials';
import { z } from './zod';

export * from './hour-bands';

export const CLOSING_MSG = {
  pdfNotAvailable: 'PDF não disponível para esta OS.',
  pdfLoadFailed: 'Não foi possível carregar o PDF.',
  pdfGenerated: 'PDF gerado com sucesso!',
  pdfSavedOnServer: 'PDF salvo no servidor com sucesso!',
  pdfError: 'Erro ao gerar PDF',
  pdfUnknownError: 'Erro desconhecido ao gerar PDF',
  pdfExistsAskRegenerate: 'Já existe um PDF para esta OS. Deseja gerá-lo novamente?',
  selectOrders: 'Selecione ao menos uma OS concluída.',
  onlyConcluded: 'Somente OS com status Concluído podem ser fechadas.',
  oneClient: 'Selecione OS de um único cliente por fechamento.',
  closingNotFound: 'Fechamento não encontrado.',
  closingAlreadyReopened: 'Este fechamento já foi reaberto.',
  closingDone: 'Fechamento realizado com sucesso!',
  closingReopened: 'Fechamento reaberto com sucesso!',
  motivoRequired: 'Informe o motivo da reabertura.',
  closingPdfNotAvailable: 'PDF do fechamento não disponível.',
  noConcludedOrders: 'Nenhuma OS concluída com os filtros atuais.',
  pdfListTitle: 'Fechamento de Ordens de Serviço',
  closingScreenTitle: 'Fechamento',
  searchPlaceholder: 'Buscar por cliente ou número',
  listEmpty: 'Nenhuma OS encontrada.',
  reportEmpty: 'Nenhum dado encontrado com paramentros atuais',
  // Note: the same texts as the orders screens; keep one copy when both are merged.
  regenerateTitle: 'Gerar PDF novamente?',
  confirmClosing: 'Confirmar fechamento',
  reopenTitle: 'Reabrir fechamento',
  closingsEmpty: 'Nenhum fechamento realizado.',
} as const;

/** POST /api/gerarpdf {os, nomeArquivo}: os = a closing numero answers that closing's PDF (docs/rules.md#api-conventions). */
export const closingPdfRequestSchema = z.object({
  os: recordIdSchema,
  nomeArquivo: z.string().trim().max(120).optional(),
});

/** A download name from what the user typed: letters, digits, '-', '_' and '.', ending in .pdf. */
export function safePdfFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return `${base || fallback}.pdf`;
}

/** POST /api/fechamentos and /api/fechamentos/preview. */
export const closingRequestSchema = z.object({
  osIds: z
    .array(recordIdSchema)
    .min(1, { message: CLOSING_MSG.selectOrders })
    .max(500)
    .transform((ids) => [...new Set(ids)]),
});
export type ClosingRequest = z.input<typeof closingRequestSchema>;

/** POST /api/fechamentos/{numero}/reabrir. */
export const reopenClosingSchema = z.object({
  motivo: z.string(whenMissing(CLOSING_MSG.motivoRequired)).trim().min(1, { message: CLOSING_MSG.motivoRequired }).max(1000),
});

/** A material billed by a closing: quantidade × preço, without the client's percentual (docs/rules.md#materials-and-stock). */
export interface ClosingMaterialLine {
  codigo: string;
  descricao: string;
  unidade: string;
  quantidade: number;
  precoCentavos: number;
  totalCentavos: number;
}

/**
 * A billed material as the closing's text, the same on the preview screen and on the closing PDF: item,
 * quantity with the unit, price, base, '–' for the percentual it does not get, total.
 */
export function describeClosingMaterial(m: ClosingMaterialLine): string[] {
  const total = formatCentavos(m.totalCentavos);
  return [
    `${m.codigo} ${m.descricao}`,
    `${formatQuantity(m.quantidade)} ${m.unidade}`,
    formatCentavos(m.precoCentavos),
    total,
    '–',
    total,
  ];
}

/** One order inside a closing: its identity and its arithmetic (materials absent from closings made before them). */
export interface ClosingOrderFigures extends OrderClosing {
  id: number;
  numero: number;
  data: string;
  cidade: string;
  engenheiroNome: string;
  materiais?: ClosingMaterialLine[];
  materiaisCentavos?: number;
}

/** What the preview answers and what a closing stores in `figures` (the parameter values used included). */
export interface ClosingFigures {
  cliente: { id: number; razao: string; cnpj: string; percentual: string };
  parametros: HourBand[];
  percentualBasis: number;
  orders: ClosingOrderFigures[];
  horasCentavos: number;
  kmCentavos: number;
  despesasCentavos: number;
  materiaisCentavos?: number;
  totalCentavos: number;
}

/** A stored closing as GET /api/fechamentos lists it. */
export interface ClosingSummary {
  id: number;
  numero: number;
  status: 'Fechado' | 'Reaberto';
  cliente: string;
  osNumeros: number[];
  totalCentavos: number;
  valorTotal: number;
  pdf: boolean;
  criadoPor: string;
  createdAt: string;
  reopenedAt: string | null;
  reopenReason: string | null;
}

export type { ClosingLine };

/** Answer of POST /api/os/{id}/pdf and /pdfcompleto (docs/api.md#orders). */
export interface PdfGenerationResult {
  success: boolean;
  error: string | null;
  filename: string;
  filePath: string;
  hash: string;
}
