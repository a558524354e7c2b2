import type { OrderChecklist } from './checklists';
/**
 * The customer portal (docs/rules.md#portal, docs/api.md#portal): portal contacts per client, sign-in by a
 * single-use e-mailed link, the client's own area.
 */
import { pageQuery } from './edge-schemas';
import { isPortalPath } from './requests';
import { acceptsWhatsappField, whatsappConsentSchema, whatsappField } from './whatsapp';
import { z } from './zod';

export const PORTAL_MSG = {
  title: 'Área do Cliente',
  sendLink: 'Enviar link de acesso',
  linkSent: 'Se o e-mail estiver cadastrado, enviamos um link de acesso.',
  invalidLink: 'Link inválido ou expirado.',
  mailSubject: 'Acesso à Área do Cliente',
  contactsTitle: 'Contatos do portal',
  contactRequired: 'Informe o nome e o e-mail do contato.',
  contactEmailInvalid: 'E-mail do contato inválido.',
  contactDuplicate: 'Já existe um contato com este e-mail para este cliente.',
  contactNotFound: 'Contato não encontrado.',
  contactSaved: 'Contato salvo com sucesso.',
  contactDeleted: 'Contato excluído com sucesso.',
  contactDeleteConfirm: 'Tem certeza que deseja excluir este contato?',
  emailRequired: 'Informe o e-mail.',
  signedOut: 'Você saiu da Área do Cliente.',
  tooManyLinks: 'Muitos pedidos de link. Aguarde alguns minutos e tente novamente.',
  tooManyRequests: 'Muitas solicitações em pouco tempo. Aguarde alguns minutos e tente novamente.',
} as const;

/** Minutes a sign-in link stays valid (docs/rules.md#portal). */
export const PORTAL_LINK_MINUTES = 15;
/** Days a portal session lives without use (docs/rules.md#portal). */
export const PORTAL_SESSION_IDLE_DAYS = 30;

const email = (error: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error })
      .min(1, { error })
      .max(200, { error })
      .pipe(z.email({ pattern: z.regexes.html5Email, error })),
  );

export const portalContactInputSchema = z.object({
  nome: z
    .string({ error: PORTAL_MSG.contactRequired })
    .trim()
    .min(1, { error: PORTAL_MSG.contactRequired })
    .max(200, { error: 'Nome do contato: no máximo 200 caracteres.' }),
  email: email(PORTAL_MSG.contactEmailInvalid),
  ativo: z.boolean({ error: 'Ativo: informe sim ou não.' }).default(true),
  /** docs/rules.md#whatsapp: '(87) 99999-0000' or '87999990000', kept as +55…; left out, kept as it is. */
  whatsapp: whatsappField.optional(),
  aceitaWhatsapp: acceptsWhatsappField.optional(),
});
export type PortalContactInput = z.output<typeof portalContactInputSchema>;

export type PortalContact = {
  id: number;
  clienteId: number;
  nome: string;
  email: string;
  ativo: boolean;
  whatsapp: string | null;
  aceitaWhatsapp: boolean;
};

/** PUT /api/portal/whatsapp: the contact's own number and consent (docs/rules.md#whatsapp). */
export const portalWhatsappSchema = whatsappConsentSchema;
export type PortalWhatsappInput = z.output<typeof portalWhatsappSchema>;

/**
 * `destino`: where the e-mailed link leads after sign-in (an equipment's QR label, docs/rules.md#portal):
 * only a path of the portal itself, never another site.
 */
export const portalLinkRequestSchema = z.object({
  email: email(PORTAL_MSG.emailRequired),
  destino: z
    .string({ error: 'Destino: informe uma página da Área do Cliente.' })
    .refine(isPortalPath, { error: 'Destino: informe uma página da Área do Cliente.' })
    .optional(),
});
/** Anything that is not a live link's token (empty, malformed, altered) answers 401 'Link inválido ou expirado.'. */
export const portalSessionRequestSchema = z.object({ token: z.unknown() });

/** Who a portal session is: the contact and its client (GET /api/portal/eu). */
export type PortalMe = {
  contatoId: number;
  nome: string;
  email: string;
  clienteId: number;
  cliente: string;
  whatsapp: string | null;
  aceitaWhatsapp: boolean;
};

/** One order as the client sees it (docs/rules.md#portal): never expenses, values, hours or internal notes. */
export type PortalOrder = {
  id: number;
  numero: number;
  data: string;
  status: string;
  equipamento: string;
  nr_serie: string;
  motivo: string;
  tecnico: string | null;
  agenda_inicio: string | null;
  agenda_fim: string | null;
  end_date: string | null;
  /** The order PDF may be opened (Concluído or Fechado). */
  pdf: boolean;
};

export type PortalOrderDetail = PortalOrder & {
  responsavel: string;
  cidade: string;
  nr_peca: string;
  descricoes: { id: number; data: string; descricao: string; foto: string | null }[];
  assinatura: { nome: string; em: string } | null;
  /** The order's checklist as GET /api/os/{id}/checklist answers it, photos at the portal's address (docs/rules.md#checklists). */
  checklist: OrderChecklist | null;
  /** The materials used (docs/rules.md#materials-and-stock): never their prices. */
  materiais: { id: number; descricao: string; unidade: string; quantidade: number }[];
};

export const portalOrderListQuerySchema = z.object(pageQuery(50));
