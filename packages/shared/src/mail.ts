import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_WEAK, passwordLooksLikeLogin } from './auth';
import { hint } from './edge';
import { optionalDateFilter, recordIdSchema } from './edge-schemas';
import { formatDateTime } from './format';
import { z } from './zod';

/** Document types a message can carry (docs/rules.md#constants). */
export const DOC_TYPES = ['Ordem de Serviço', 'Fechamento'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** Delivery results kept per message (docs/rules.md#fixed-defects, docs/rules.md#api-conventions). */
export const MAIL_STATUSES = ['Enviado', 'Falha'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Portuguese texts of the e-mail screen and of account recovery (docs/screens.md#esqueci, docs/screens.md#emails, docs/api.md#errors). */
export const MAIL_MSG = {
  title: 'Sistema de Envio de Emails',
  sent: 'Email enviado com sucesso!',
  sendFailed: 'Erro ao enviar o email. Verifique o console para mais detalhes.',
  loading: 'Carregando emails...',
  empty: 'Nenhum email encontrado.',
  orderNotFound: 'Ordem de serviço não encontrada.',
  orderPdfMissing: 'PDF não disponível para esta OS.',
  closingNotFound: 'Fechamento não encontrado.',
  closingPdfMissing: 'PDF do fechamento não disponível.',
  attachmentNotFound: 'Anexo não encontrado.',
  attachmentAltered: 'O anexo guardado não confere com o código de verificação do envio.',
  resendOnlyFailed: 'Somente um envio com falha pode ser reenviado.',
  emailNotFound: 'Envio não encontrado.',
  attachmentRequired: 'Informe o anexo ou o número e o tipo do documento.',
  banner: 'Sistema de Ordens de Serviço',
  footer: 'Esta é uma mensagem automática. Por favor, não responda a este e-mail.',
  actionFallback: 'Se o botão não abrir, copie este endereço no navegador:',
  // Recovery (docs/screens.md#esqueci, docs/api.md#errors; docs/rules.md#fixed-defects)
  notAUser: 'Você não é um usuário cadastrado na Plataforma!',
  requestFailed: 'Erro ao processar solicitação. Verifique os dados e tente novamente.',
  checkMailbox: 'Enviamos um link para o seu e-mail. Ele vale por 30 minutos: abra-o para cadastrar seu login e senha.',
  loginUpdated: 'Login atualizado com sucesso.',
  tryAgain: 'Tente novamente.',
  invalidLink: 'Link inválido ou expirado. Solicite um novo.',
  loginTaken: 'Este login já está em uso.',
  recoverySubject: 'Recuperação de acesso',
  required: 'Campo obrigatório.',
  chooseClient: 'Selecione o cliente.',
  invalidEmail: 'Informe um e-mail válido.',
  invalidNumber: 'Informe o número, somente dígitos.',
  setLoginTitle: 'Cadastre seu Login e senha de acesso',
} as const;

/** Subject of a document e-mail, as the history shows it (docs/rules.md#entities). */
export function documentSubject(tipo: string, numero: string | number): string {
  return `Documento: ${tipo} - Número: ${numero}`;
}

/** 'Ordem de Serviço' 12 and 'Fechamento' 3: numbers as the user types them. */
const numeroSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,9}$/, hint('informe o número, somente dígitos (até 9).')))
  .transform((v) => String(Number(v)));

/** POST /api/sendMail/os (JSON) and the fields of the multipart POST /api/sendMail (docs/api.md#mail). */
export const sendMailSchema = z.object({
  to: z.email().max(254),
  subject: z.string().trim().max(300).optional(),
  tipoDocumento: z.enum(DOC_TYPES).optional(),
  numeroOS_Fechamento: numeroSchema.optional(),
  html: z.string().max(100_000).optional(),
  text: z.string().max(20_000).optional(),
  /** Accepted for compatibility; the sender is always the signed-in user. */
  usuario: z.string().max(200).optional(),
  /** The client's name and id, when the form chose one. */
  cliente: z.string().trim().max(300).optional(),
  clientId: recordIdSchema.optional(),
  /** Display name of the sender (the form's 'Nome'). */
  nome: z.string().trim().max(200).optional(),
});
export type SendMailInput = z.infer<typeof sendMailSchema>;

/** The e-mail form of /emails (docs/rules.md#entities, docs/rules.md#validation: every field required). */
export const mailFormSchema = z.object({
  nome: z.string().trim().min(1),
  cliente: z.string().trim().min(1),
  email: z.email(),
  mensagem: z.string().trim().min(1).max(20_000),
  numeroOS_Fechamento: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/),
  tipoDocumento: z.enum(DOC_TYPES),
});
export type MailFormInput = z.infer<typeof mailFormSchema>;

/** GET /api/sendmail/emails filters (docs/rules.md#entities, docs/rules.md#validation). */
export const mailFiltersSchema = z.object({
  nomeCliente: z.string().trim().max(300).optional(),
  usuario: z.string().trim().max(200).optional(),
  dataInicio: optionalDateFilter,
  dataFinal: optionalDateFilter,
});
export type MailFilters = z.infer<typeof mailFiltersSchema>;

/** One sent-mail record (docs/rules.md#entities, plus status/erro of docs/rules.md#api-conventions). */
export interface SentEmail {
  id: number;
  tipo: string;
  email: string;
  /** The sender's username, spelt as the old product has it. */
  usario: string;
  data_envio: string;
  numero: string;
  status: MailStatus;
  erro: string | null;
  nomeCliente: string;
  subject: string;
  /** SHA-256 of the attachment sent, or null when none. */
  anexoHash: string | null;
}

/** Step 1 of /esqueci (docs/rules.md#api-conventions). */
export const recoveryRequestSchema = z.object({
  nomeCompleto: z.string().trim().min(1, MAIL_MSG.required).max(200),
  email: z.email(MAIL_MSG.invalidEmail).max(254),
});
export type RecoveryRequest = z.infer<typeof recoveryRequestSchema>;

export interface RecoveryAnswer {
  encontrado: boolean;
  message: string;
}

/** Step 2 of /esqueci: PUT /api/atualizarlogin (the fields; the screen picks login and pass). */
export const updateLoginFields = z.object({
  login: z.string().trim().min(1, MAIL_MSG.required).max(128),
  pass: z.string().min(PASSWORD_MIN, `A senha deve ter ao menos ${PASSWORD_MIN} caracteres.`).max(PASSWORD_MAX),
  nomeCompleto: z.string().trim().max(200).optional(),
  token: z.string().trim().min(1).max(200),
});

/** A new password like the new login or the person's name is refused on 'pass' (docs/rules.md#accounts). */
export function passNotLikeLogin(value: { login: string; pass: string; nomeCompleto?: string }, ctx: z.RefinementCtx) {
  if (passwordLooksLikeLogin(value.pass, { username: value.login, nome: value.nomeCompleto })) {
    ctx.addIssue({ code: 'custom', path: ['pass'], message: PASSWORD_WEAK });
  }
}

export const updateLoginSchema = updateLoginFields.superRefine(passNotLikeLogin);
export type UpdateLoginInput = z.infer<typeof updateLoginSchema>;

/** Minutes a recovery link stays valid (docs/rules.md#fixed-defects). */
export const RECOVERY_LINK_MINUTES = 30;

/** A full name compared loosely: case, accents and repeated spaces do not matter ('joao  da silva' = 'João da Silva'). */
export function normalizeFullName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** An ISO timestamp as 'DD/MM/YYYY HH:mm' on the company's clock (docs/rules.md#constants, sent e-mails). */
export function formatSentAt(iso: string): string {
  return Number.isNaN(new Date(iso).getTime()) ? iso : formatDateTime(iso);
}

/** The words of an e-mail's button (docs/rules.md#e-mails-people-can-click). */
export const MAIL_ACTION = {
  viewOrder: 'Ver a OS',
  approve: 'Aprovar ou contestar',
  signIn: 'Entrar na Área do Cliente',
  myOrders: 'Ver minhas OS',
  myRequests: 'Ver minhas solicitações',
  openOrder: 'Abrir a OS',
  recovery: 'Cadastrar login e senha',
} as const;
