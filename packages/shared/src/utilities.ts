import type { WeekLoad } from './agenda';
import { isoDateText, pageQueryWithDefaults } from './edge-schemas';
/**
 * Utility screens (docs/screens.md#other-screens, docs/rules.md#entities, docs/api.md#documents, docs/api.md#errors, docs/rules.md#constants) and the
 * dashboard (docs/rules.md#beyond-the-old-product, docs/rules.md#api-conventions): payloads, limits and the Portuguese texts of both sides.
 */
import type { OrderStatus } from './status';
import { z } from './zod';

const MB = 1024 * 1024;

// ---------------------------------------------------------------- PDF text extractor
/** docs/rules.md#constants: a PDF for extraction is at most 10 MB. */
export const EXTRACT_PDF_MAX_BYTES = 10 * MB;
/** Multipart field of POST /api/extract-text (docs/api.md#documents). */
export const EXTRACT_PDF_FIELD = 'pdfFile';

export const EXTRACT_MSG = {
  invalidPdf: 'Por favor, selecione um arquivo PDF válido.',
  tooLarge: 'O arquivo é muito grande. Tamanho máximo: 10MB.',
  failed: 'Ocorreu um erro ao extrair o texto. Por favor, tente novamente.',
  copyFailed: 'Falha ao copiar texto.',
  encrypted: 'O PDF está protegido por senha e não pode ser lido. Envie uma cópia sem senha.',
  broken: 'O arquivo PDF está corrompido ou não pôde ser lido.',
  copied: 'Copiado!',
} as const;

/** docs/rules.md#entities; `paginas` and `paginasOcr` are ours (how many pages, how many read by OCR). */
export interface ExtractTextResponse {
  extractedText: string;
  paginas: number;
  paginasOcr: number;
}

// ---------------------------------------------------------------- Documentation repository
/** docs/rules.md#fixed-defects: the 5 MB hint of the repository is enforced. */
export const UPLOAD_DOC_MAX_BYTES = 5 * MB;
export const UPLOAD_DOC_FIELD = 'image';
export const UPLOAD_DOC_TYPES = ['image/jpeg', 'image/png'] as const;

export const UPLOAD_DOC_MSG = {
  invalidImage: 'Please select a valid image file (JPG, PNG)',
  tooLarge: 'A imagem é muito grande. Tamanho máximo: 5MB.',
  uploaded: 'Image uploaded successfully!',
  loadFailed: 'Erro ao carregar imagens: ',
  empty: 'No photos yet. Upload your first image!',
  notFound: 'Arquivo não encontrado.',
} as const;

/** docs/rules.md#entities "Image": filename, url, name, upload time. */
export interface UploadedDoc {
  filename: string;
  url: string;
  name: string;
  uploadTime: string;
  size: number;
}

// ---------------------------------------------------------------- Prompt and PDF generator
export const GERAR_MSG = {
  tituloRequired: 'Preencha o título.',
  conteudoRequired: 'Preencha o conteúdo.',
  nomeArquivoRequired: 'Preencha o nome do arquivo.',
  nomeArquivoInvalid:
    'Nome do arquivo: não use barras, dois-pontos, asterisco, interrogação, aspas, sinais de menor e maior nem barra vertical.',
  pdfError: 'Erro ao gerar PDF',
  promptError: 'Erro ao gerar prompt',
  pdfUnknownError: 'Erro desconhecido ao gerar PDF',
  promptUnknownError: 'Erro desconhecido ao gerar prompt',
  pdfGenerated: 'PDF gerado com sucesso!',
  pdfSaved: 'PDF salvo no servidor com sucesso!',
  pdfSaveError: 'Erro ao salvar PDF: ',
  /** Why the server copy failed, as the browser shows it after pdfSaveError (internals stay in the log). */
  pdfSaveReason: 'não foi possível gravar o arquivo no servidor.',
} as const;

/** docs/rules.md#constants: the prompt PDF's default file name. */
export const DEFAULT_PDF_NAME = 'documento-gerado';

const titulo = z.string().trim().min(1, GERAR_MSG.tituloRequired).max(200);
const conteudo = z.string().trim().min(1, GERAR_MSG.conteudoRequired).max(100_000);

export const gerarPromptSchema = z.object({ titulo, conteudo });
export type GerarPromptInput = z.infer<typeof gerarPromptSchema>;

export const nomeArquivoSchema = z
  .string()
  .trim()
  .min(1, GERAR_MSG.nomeArquivoRequired)
  .max(120)
  .refine((v) => !/[/\\:*?"<>|\p{Cc}]/u.test(v), GERAR_MSG.nomeArquivoInvalid);

/** POST /api/gerarpdf from the prompt screen (docs/rules.md#entities). */
export const gerarPdfSchema = z.object({ titulo, conteudo, nomeArquivo: nomeArquivoSchema });
export type GerarPdfInput = z.infer<typeof gerarPdfSchema>;

/**
 * The PDF's file name (docs/rules.md#constants): the name without '.pdf', then '-YYYY-MM-DD' when the date option
 * is on (the default), then '.pdf'. A trailing '.pdf' typed by the user is not doubled.
 */
export function pdfFileName(nome: string, { incluirData = true, hoje = new Date() } = {}): string {
  const base = nome.trim().replace(/\.pdf$/i, '') || DEFAULT_PDF_NAME;
  if (!incluirData) return `${base}.pdf`;
  const y = hoje.getFullYear();
  const m = String(hoje.getMonth() + 1).padStart(2, '0');
  const d = String(hoje.getDate()).padStart(2, '0');
  return `${base}-${y}-${m}-${d}.pdf`;
}

/**
 * A well-structured prompt in Portuguese built from a title and a content: role, context,
 * task, output format (used when no AI provider is configured).
 */
export function buildPrompt({ titulo, conteudo }: GerarPromptInput): string {
  const t = titulo.trim();
  const c = conteudo.trim();
  return [
    '## Papel',
    `Você é um especialista no assunto "${t}", com experiência em redigir documentos técnicos claros e objetivos em português do Brasil.`,
    '',
    '## Contexto',
    c,
    '',
    '## Tarefa',
    `Com base no contexto acima, produza um documento completo sobre "${t}". Organize as informações, corrija ambiguidades, ` +
      'destaque pontos de atenção e não invente dados que não estejam no contexto; quando faltar uma informação, indique-a como pendente.',
    '',
    '## Formato da resposta',
    `- Título: "${t}"`,
    '- Um resumo de até 3 frases',
    '- Seções com subtítulos e listas quando ajudarem a leitura',
    '- Uma seção final "Próximos passos" com as ações recomendadas',
    '- Linguagem formal, em português do Brasil',
  ].join('\n');
}

// ---------------------------------------------------------------- BI
export interface BiConfig {
  /** BI_EMBED_URL; empty when the setting is not set. */
  embedUrl: string;
}
export const BI_MSG = {
  title: 'Power Bi Clientes',
  notConfigured: 'O painel de BI ainda não foi configurado. Peça ao administrador para definir BI_EMBED_URL no servidor.',
} as const;

// ---------------------------------------------------------------- Dashboard

export const DASHBOARD_MSG = {
  periodInvalid: 'A data inicial deve ser anterior ou igual à data final.',
  periodTooLong: 'O período pode ter no máximo 5 anos.',
  loadFailed: 'Erro ao carregar o dashboard.',
} as const;

export const dashboardQuerySchema = z.object({
  dataInicio: isoDateText.optional(),
  dataFim: isoDateText.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** GET /api/dashboard: every figure computed by the database for the period. */
export interface DashboardData {
  periodo: { dataInicio: string; dataFim: string };
  /** Orders opened (by `data`) in the period, per status; every status listed. */
  porStatus: { status: OrderStatus; total: number }[];
  /** Open orders now (Aberto and Andamento), whatever their date. */
  abertasAgora: { status: OrderStatus; total: number }[];
  /** Per month of the period ('YYYY-MM'): orders opened, orders concluded, expenses in reais. */
  porMes: { mes: string; abertas: number; concluidas: number; despesas: number }[];
  /** Per technician: service and trip minutes and km logged in the period. */
  porTecnico: { tecnicoId: number; tecnico: string; minutosServico: number; minutosViagem: number; km: number }[];
  /** Expenses in the period per expense type, in reais. */
  porTipoDespesa: { tipo: string; total: number }[];
  /** Orders concluded in the period and their average days from opening to Concluído (null when none). */
  concluidas: number;
  mediaDiasConclusao: number | null;
  /** This week's scheduled hours per technician (docs/rules.md#agenda), whatever the period. */
  cargaSemana: WeekLoad;
}

/** /grid pages on the server (docs/decisions.md): this many rows a page, at most GRID_MAX_LIMIT a request. */
export const GRID_PAGE_SIZE = 100;
const GRID_MAX_LIMIT = 500;

/** GET /api/grid?limit&offset; the total comes in X-Total-Count. */
export const gridQuerySchema = z.object(pageQueryWithDefaults(GRID_MAX_LIMIT, GRID_PAGE_SIZE));
export type GridQuery = z.infer<typeof gridQuerySchema>;

/** GET /api/grid: one open order in the compact grid. */
export interface OpenOrderRow {
  id: number;
  numero: number;
  data: string;
  cliente: string;
  cidade: string;
  tecnico: string;
  status: OrderStatus;
  diasAberto: number;
}
