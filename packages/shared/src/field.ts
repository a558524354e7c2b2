/**
 * The field engineer's records (spec §2.16-§2.17, §3, §5, §7, §8): timesheet, descriptions,
 * signature and the order cards. Payload schemas shared by the forms and the routes.
 */
import { z } from './zod';

export * from './durations';

/** Messages of the engineer screens, letter for letter from the spec (§5, §8) or ours in the same style. */
export const FIELD_MSG = {
  idaRequired: 'Preencha todos os dados do Formulário...',
  servicoRequired: 'Preencha todos os dados do Serviço...',
  voltaRequired: 'Preencha todos os dados da Viagem de Volta...',
  idaSaved: 'Dados da Viagem de Ida salvos com sucesso...',
  servicoSaved: 'Dados do Serviço salvos com sucesso...',
  voltaSaved: 'Dados da Viagem de Volta salvos com sucesso...',
  idaFailed: 'Ocorreu um erro ao salvar os dados da viagem de ida.',
  servicoFailed: 'Ocorreu um erro ao salvar os dados do serviço.',
  voltaFailed: 'Ocorreu um erro ao salvar os dados da viagem de volta.',
  idaLocked: 'A OS está em andamento: a edição da Viagem de Ida está bloqueada.',
  idaNegative: 'A chegada da Viagem de Ida deve ser igual ou posterior à saída.',
  descricaoRequired: 'Preencha uma data e uma descrição.',
  descricaoSaved: 'Descrição e imagem salvas com sucesso!',
  descricaoFailed: 'Falha ao salvar os dados no servidor.',
  photoTooLarge: 'A imagem é muito grande. Tamanho máximo: 10MB.',
  photoNotImage: 'Envie uma imagem válida (JPG ou PNG).',
  cameraError: 'Erro ao acessar a câmera: ',
  cameraPermission: 'Não foi possível acessar a câmera. Por favor, verifique as permissões.',
  cameraUnavailable: 'Câmera não disponível neste dispositivo ou navegador.',
  photoCapturedTitle: 'Foto capturada!',
  photoCapturedText: 'A imagem foi adicionada ao formulário.',
  signatureSaved: 'Assinatura salva!',
  signatureFailed: 'Não foi possível salvar a assinatura.',
  signatureInvalid: 'A assinatura deve ser uma imagem PNG válida.',
  signatureTooLarge: 'A assinatura é muito grande.',
  signatureDetected: 'Assinatura detectada',
  rowSaveFailed: 'Não foi possível salvar a alteração. Os valores anteriores foram restaurados.',
  noOrderSelected: 'Nenhuma ordem de serviço selecionada.',
  noOpenOrders: 'Nenhuma ordem de serviço em aberto.',
  loadFailed: 'Não foi possível carregar os dados. Tente novamente.',
} as const;

/** Signature canvas and camera constants (spec §9). */
export const SIGNATURE_CANVAS = { width: 600, height: 250, strokeWidth: 2 } as const;
/** Largest accepted signature PNG, decoded (a 600x250 drawing is a few tens of KB). */
export const SIGNATURE_MAX_BYTES = 512 * 1024;
export const CAMERA_CONSTRAINTS = {
  width: { ideal: 1920, min: 1280, max: 2560 },
  height: { ideal: 1080, min: 720, max: 1440 },
} as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

const isoDate = z.iso.date();
/** 'HH:mm' (seconds tolerated, dropped). */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Informe a hora no formato HH:mm.');
/** A number, or a text with a comma or point as decimal mark ('12,5'). */
const decimal = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+([.,]\d+)?$/),
  ])
  .transform((v) => (typeof v === 'number' ? v : Number(v.replace(',', '.'))));
const km = decimal.pipe(z.number().min(0).max(100_000));
const orderId = z.coerce.number().int().positive();
/** Holiday: 'sim'/'nao' as the spec sends it; booleans and 'Sim'/'Não' tolerated. */
const feriado = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === 'boolean' ? v : ['sim', 's', 'true', '1'].includes(v.trim().toLowerCase())));
const text = (max: number) => z.string().trim().max(max);

/** POST /api/viagemida/ (spec §7). duracaoida is accepted and ignored: the server recomputes it. */
export const viagemIdaSchema = z.object({
  dataida: isoDate,
  saidaida: clock,
  chegadaida: clock,
  duracaoida: z.unknown().optional(),
  kmida: km,
  obsida: text(2000).optional().default(''),
  numeroos: orderId,
});
export type ViagemIdaInput = z.input<typeof viagemIdaSchema>;

export const servicoSchema = z.object({
  dataservico: isoDate,
  feriado: feriado.optional().default(false),
  entradaservico: clock,
  saidaservico: clock,
  /** Decimal hours (DECISIONS.md §8). */
  intervalo: decimal.pipe(z.number().min(0).max(24)).optional().default(0),
  duracaoservico: z.unknown().optional(),
  numeroos: orderId,
});
export type ServicoInput = z.input<typeof servicoSchema>;
export const servicoUpdateSchema = servicoSchema.omit({ numeroos: true });

export const viagemVoltaSchema = z.object({
  datavolta: isoDate,
  saidavolta: clock,
  chegadavolta: clock,
  duracaovolta: z.unknown().optional(),
  tempoEspera: clock.optional().default('00:00'),
  kmvolta: km,
  obsvolta: text(2000).optional().default(''),
  numeroos: orderId,
});
export type ViagemVoltaInput = z.input<typeof viagemVoltaSchema>;
export const viagemIdaUpdateSchema = viagemIdaSchema.omit({ numeroos: true });
export const viagemVoltaUpdateSchema = viagemVoltaSchema.omit({ numeroos: true });

/** Multipart text fields of POST /api/descricao/ (spec §7). */
export const descricaoFieldsSchema = z.object({
  data: isoDate,
  descricao: z.string().trim().min(1).max(10_000),
  osnumber: orderId,
  nomeFoto: z.string().max(200).optional(),
});
export const descricaoUpdateSchema = z.object({
  data: isoDate,
  descricao: z.string().trim().min(1).max(10_000),
});

export const assinaturaSchema = z.object({
  ordemServicoId: orderId,
  /** A PNG data URL; the server checks the bytes really are a PNG of bounded size. */
  assinatura: z.string().startsWith('data:image/png;base64,', FIELD_MSG.signatureInvalid),
  /** The signer's name (DECISIONS.md §7); default: the order's responsavel. */
  nome: z.string().trim().max(200).optional(),
});

export interface ViagemIda {
  id: number;
  dataida: string;
  saidaida: string;
  chegadaida: string;
  /** 'HH:mm' */
  duracaoida: string;
  kmida: number;
  obsida: string;
  numeroos: number;
}
export interface Servico {
  id: number;
  dataservico: string;
  feriado: 'sim' | 'nao';
  entradaservico: string;
  saidaservico: string;
  /** decimal hours */
  intervalo: number;
  /** decimal hours */
  duracaoservico: number;
  numeroos: number;
}
export interface ViagemVolta {
  id: number;
  datavolta: string;
  saidavolta: string;
  chegadavolta: string;
  duracaovolta: string;
  tempoEspera: string;
  kmvolta: number;
  obsvolta: string;
  numeroos: number;
}
export interface Descricao {
  id: number;
  data: string;
  descricao: string;
  /** File name served at /uploads/{imagem}, or null. */
  imagem: string | null;
  osnumber: number;
}
export interface Assinatura {
  ordemServicoId: number;
  /** File name served at /uploads/{imagem}; null when the order is not signed yet. */
  imagem: string | null;
  nome: string | null;
  signed_at: string | null;
}
/** An order card of /service-orders (spec §2.16). */
export interface Lancamento {
  id: number;
  numero: number;
  cliente: string;
  status: string;
  data: string;
  endDate: string | null;
  nr_peca: string;
  nr_serie: string;
  engenheiro: string | null;
  engenheiroNome: string | null;
  motivo: string;
  responsavel: string;
  equipamento: string;
  cidade: string;
}
