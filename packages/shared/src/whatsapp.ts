import { hint } from './edge';
import { optionalDateFilter, pageQueryWithDefaults } from './edge-schemas';
import { z } from './zod';

/** The WhatsApp side of the messages (docs/rules.md#whatsapp). */
export const WHATSAPP_MSG = {
  phoneInvalid: 'WhatsApp: informe DDD e número, como (87) 99999-0000.',
  consentInvalid: 'Aceita WhatsApp: informe sim ou não.',
  notTechnician: 'Somente o técnico da OS pode avisar que está a caminho.',
  notOpen: 'Somente uma OS aberta ou em andamento pode ter o técnico a caminho.',
  onTheWayQueued: 'Aviso de técnico a caminho enviado.',
  onTheWayRepeated: 'O aviso de técnico a caminho já foi enviado há menos de 10 minutos.',
  onTheWayNoProvider: 'O WhatsApp não está configurado: nenhum aviso foi enviado.',
  unverified: 'Chamada do WhatsApp não verificada.',
  templateMissing: (setting: string) => `Modelo da mensagem não configurado: defina ${setting}.`,
  channelInvalid: 'Canal: informe E-mail ou WhatsApp.',
  statusInvalid: 'Status: informe Pendente, Enviado, Entregue, Lido ou Falha.',
  title: 'Mensagens enviadas',
  empty: 'Nenhuma mensagem encontrada.',
} as const;

/** The channels of the history 'Mensagens enviadas'. */
export const MESSAGE_CHANNELS = ['E-mail', 'WhatsApp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * The status of a message: 'Pendente' waits in the outbox (or for its next try), then the provider's
 * real status (Enviado, Entregue, Lido) or 'Falha'.
 */
export const MESSAGE_STATUSES = ['Pendente', 'Enviado', 'Entregue', 'Lido', 'Falha'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The moments a WhatsApp message is sent (docs/rules.md#whatsapp). */
export const WHATSAPP_EVENTS = ['agendamento', 'a_caminho', 'concluida', 'aprovacao', 'orcamento', 'cobranca'] as const;
export type WhatsappEvent = (typeof WHATSAPP_EVENTS)[number];

/** Minutes within which a second 'A caminho' sends nothing. */
export const ON_THE_WAY_REPEAT_MINUTES = 10;

/**
 * A Brazilian WhatsApp number as E.164 ('+5587999990000'), or null when it is not one:
 * '(87) 99999-0000', '87999990000', '+55 87 99999-0000' and '55 87 3333-0000' are accepted; a number
 * without its area code (DDD), with letters or of another country is not.
 */
export function normalizeWhatsapp(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    if (!digits.startsWith('55')) return null;
    digits = digits.slice(2);
  } else if (digits.length > 11 && digits.startsWith('55')) {
    digits = digits.slice(2);
  }
  const ddd = digits.slice(0, 2);
  const local = digits.slice(2);
  if (!/^[1-9][1-9]$/.test(ddd)) return null;
  // A mobile: 9 digits starting with 9; a landline (WhatsApp Business): 8 digits starting with 2 to 5.
  if (!/^9\d{8}$/.test(local) && !/^[2-5]\d{7}$/.test(local)) return null;
  return `+55${ddd}${local}`;
}

/** '+5587999990000' as a person reads it: '(87) 99999-0000'. */
export function formatWhatsapp(e164: string | null | undefined): string {
  if (!e164) return '';
  const m = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
}

/** A WhatsApp number field: blank clears it (null), otherwise stored as E.164 (400 with the field's message). */
export const whatsappField = z.union([z.string(), z.null()], { error: WHATSAPP_MSG.phoneInvalid }).transform((value, ctx) => {
  if (value === null || value.trim() === '') return null;
  const e164 = normalizeWhatsapp(value);
  if (!e164) {
    ctx.addIssue({ code: 'custom', message: WHATSAPP_MSG.phoneInvalid });
    return z.NEVER;
  }
  return e164;
});

export const acceptsWhatsappField = z.boolean({ error: WHATSAPP_MSG.consentInvalid });

/** A person's number and consent together: consent needs a number (PUT /api/portal/whatsapp, PUT /api/whatsapp/usuarios/{id}). */
export const whatsappConsentSchema = z
  .object({ whatsapp: whatsappField, aceitaWhatsapp: acceptsWhatsappField })
  .superRefine((value, ctx) => {
    if (value.aceitaWhatsapp && !value.whatsapp)
      ctx.addIssue({ code: 'custom', path: ['whatsapp'], message: WHATSAPP_MSG.phoneInvalid });
  });
export type WhatsappConsentInput = z.output<typeof whatsappConsentSchema>;

/** A user's WhatsApp as the admin's screen shows it (GET /api/whatsapp/usuarios). */
export interface UserWhatsapp {
  id: number;
  nome: string;
  username: string;
  role: string;
  whatsapp: string | null;
  aceitaWhatsapp: boolean;
}

/** The filters of 'Mensagens enviadas', the form on /mensagens (docs/screens.md#mensagens). */
export const messageFilterFormSchema = z.object({
  canal: z.enum(MESSAGE_CHANNELS, hint('informe E-mail ou WhatsApp.')).optional().or(z.literal('')),
  status: z.enum(MESSAGE_STATUSES, hint('informe Pendente, Enviado, Entregue, Lido ou Falha.')).optional().or(z.literal('')),
  dataInicio: optionalDateFilter,
  dataFinal: optionalDateFilter,
});
export type MessageFilterForm = z.infer<typeof messageFilterFormSchema>;

/** GET /api/mensagens filters (docs/api.md#whatsapp): the form's, and the page. */
export const messageFiltersSchema = messageFilterFormSchema.extend(pageQueryWithDefaults(100, 20));
export type MessageFilters = z.infer<typeof messageFiltersSchema>;

/** One row of 'Mensagens enviadas': an e-mail or a WhatsApp message, with its real status. */
export interface SentMessage {
  id: number;
  canal: MessageChannel;
  destinatario: string;
  /** The e-mail's subject, or the WhatsApp template's name. */
  assunto: string;
  status: MessageStatus;
  erro: string | null;
  enviadoEm: string;
  osNumero: number | null;
  nomeCliente: string;
}

/** GET /api/whatsapp/configuracao: what the settings say (never a token). */
export interface WhatsappSettingsView {
  provedor: 'meta' | 'evolution' | null;
  endereco: string;
  webhook: string;
  modelos: { evento: WhatsappEvent; modelo: string; parametros: string[] }[];
  idioma: string;
  avisoMinutos: number;
}
