/**
 * Requests for service from the customer portal (docs/rules.md#portal, docs/api.md#portal):
 * the client asks ('Solicitar Atendimento'), the office converts the request into an order or refuses it.
 */
import { whenMissing } from './edge';
import { pageQuery } from './edge-schemas';
import type { Equipment } from './equipment';
import { padNumber } from './format';
import { z } from './zod';

export const REQUEST_MSG = {
  portalTitle: 'Solicitar Atendimento',
  officeTitle: 'Solicitações de Atendimento',
  menu: 'Solicitações',
  sent: 'Solicitação enviada. Você receberá um e-mail a cada mudança.',
  motivoRequired: 'Motivo: descreva o problema ou o serviço desejado.',
  urgenciaInvalid: 'Urgência: escolha Baixa, Média ou Alta.',
  equipmentOther: 'Equipamento: escolha um equipamento da sua empresa.',
  tooManyPhotos: 'Fotos: envie no máximo 5 fotos.',
  photoNotImage: 'Fotos: envie apenas imagens (JPG, PNG, WEBP ou HEIC).',
  photoTooLarge: 'Fotos: cada foto pode ter no máximo 10MB.',
  notForm: 'Envie a solicitação pelo formulário (multipart/form-data).',
  refuseReasonRequired: 'Motivo da recusa: informe o motivo.',
  alreadyDecided: 'Esta solicitação já foi convertida ou recusada.',
  notFound: 'Solicitação não encontrada.',
  converted: 'OS criada a partir da solicitação.',
  refused: 'Solicitação recusada.',
  empty: 'Nenhuma solicitação.',
  generate: 'Gerar OS',
  refuse: 'Recusar',
} as const;

export const REQUEST_URGENCIES = ['Baixa', 'Média', 'Alta'] as const;
export type RequestUrgency = (typeof REQUEST_URGENCIES)[number];

export const REQUEST_STATES = ['Recebida', 'Convertida', 'Recusada'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** At most this many photos per request (docs/rules.md#portal). */
export const REQUEST_MAX_PHOTOS = 5;

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string()
      .trim()
      .max(max, { error: `${label}: no máximo ${max} caracteres.` }),
  );

/** The text fields of POST /api/portal/solicitacoes (multipart). */
export const serviceRequestFieldsSchema = z.object({
  equipamentoId: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? null : v),
    z.coerce
      .number({ error: 'Equipamento: escolha um equipamento da lista.' })
      .int({ error: 'Equipamento: escolha um equipamento da lista.' })
      .positive({ error: 'Equipamento: escolha um equipamento da lista.' })
      .max(2147483647, { error: 'Equipamento: escolha um equipamento da lista.' })
      .nullable(),
  ),
  motivo: z
    .string(whenMissing(REQUEST_MSG.motivoRequired))
    .trim()
    .min(1, { error: REQUEST_MSG.motivoRequired })
    .max(2000, { error: 'Motivo: no máximo 2000 caracteres.' }),
  urgencia: z.preprocess(
    (v) => (v === undefined || v === '' ? 'Média' : v),
    z.enum(REQUEST_URGENCIES, { error: REQUEST_MSG.urgenciaInvalid }),
  ),
  contato: optionalText('Contato', 200),
  fone: optionalText('Telefone', 40),
});
export type ServiceRequestFields = z.output<typeof serviceRequestFieldsSchema>;

export const refuseRequestSchema = z.object({
  motivo: z
    .string(whenMissing(REQUEST_MSG.refuseReasonRequired))
    .trim()
    .min(1, { error: REQUEST_MSG.refuseReasonRequired })
    .max(1000, { error: 'Motivo da recusa: no máximo 1000 caracteres.' }),
});

export const requestListQuerySchema = z.object({
  ...pageQuery(100),
  situacao: z.enum(REQUEST_STATES, { error: 'Situação: escolha Recebida, Convertida ou Recusada.' }).optional(),
});

/** What a request shows: 'Recebida', 'Convertida em OS 00042' or 'Recusada'. */
export function requestStatusText(estado: RequestState, osNumero: number | null): string {
  if (estado === 'Convertida') return osNumero ? `Convertida em OS ${padNumber(osNumero)}` : 'Convertida em OS';
  return estado;
}

/** One request as the client sees it (GET /api/portal/solicitacoes). */
export type PortalServiceRequest = {
  id: number;
  criadaEm: string;
  equipamentoId: number | null;
  equipamento: string;
  motivo: string;
  urgencia: RequestUrgency;
  contato: string;
  fone: string;
  situacao: RequestState;
  /** 'Recebida', 'Convertida em OS 00042', 'Recusada'. */
  status: string;
  osNumero: number | null;
  motivoRecusa: string | null;
  fotos: number;
};

/** One request as the office sees it (GET /api/solicitacoes). */
export type ServiceRequest = PortalServiceRequest & {
  clienteId: number;
  cliente: string;
  contatoEmail: string;
  osId: number | null;
  /** URLs of the photos, served only to staff (GET /api/solicitacoes/{id}/fotos/{n}). */
  fotoUrls: string[];
};

/**
 * One of the client's photos of an order (GET /api/os/{id}/fotos-cliente): a photo of the request the order
 * was made from; the image is GET /api/os/{id}/fotos-cliente/{id}.
 */
export type OrderClientPhoto = { id: number; solicitacaoId: number };

/** One of the client's machines as the portal shows it: never internal notes. */
export type PortalEquipment = Pick<
  Equipment,
  'id' | 'tipo' | 'fabricante' | 'modelo' | 'numeroSerie' | 'local' | 'dataInstalacao' | 'proximaManutencao' | 'ativo'
>;

/** One order of an equipment's history in the portal: photos served through portal routes. */
export type PortalEquipmentHistoryEntry = {
  id: number;
  numero: number;
  data: string;
  status: string;
  tecnico: string;
  motivo: string;
  endDate: string | null;
  descricoes: { id: number; data: string; descricao: string; foto: string | null }[];
};

/** A portal path a sign-in link may lead to (never another site): '/portal' or '/portal/...'. */
export function isPortalPath(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 200 && /^\/portal(?:\/[A-Za-z0-9_-]+)*\/?$/.test(value);
}
