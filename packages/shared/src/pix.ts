/**
 * PIX charges from the closing (docs/rules.md#pix, docs/api.md#pix): the company's key, receiver name and city,
 * the charge of each closing (BR Code 'Pix Copia e Cola' and its QR code), paid or cancelled by the office.
 */
import { isValidCnpj } from './cnpj';
import { isIsoDate } from './orders';
import { z } from './zod';

export const PIX_MSG = {
  settingsTitle: 'Recebimento PIX',
  keyInvalid: 'Chave PIX: informe um CPF, CNPJ, e-mail, telefone +55 ou chave aleatória válidos.',
  nameRequired: 'Nome do recebedor: informe o nome (até 25 caracteres).',
  nameTooLong: 'Nome do recebedor: no máximo 25 caracteres.',
  cityRequired: 'Cidade: informe a cidade (até 15 caracteres).',
  cityTooLong: 'Cidade: no máximo 15 caracteres.',
  noKey: 'Cadastre a chave PIX da empresa em Configurações.',
  noCharge: 'Este fechamento não tem cobrança: o total é zero.',
  closingNotFound: 'Fechamento não encontrado.',
  dateRequired: 'Data: informe a data do pagamento no formato AAAA-MM-DD.',
  dateFuture: 'Data: o pagamento não pode ser depois de hoje.',
  dueRequired: 'Vencimento: informe uma data válida no formato AAAA-MM-DD.',
  dueBeforeClosing: (closingDay: string) => `Vencimento: a data não pode ser anterior à do fechamento (${closingDay}).`,
  dueSaved: 'Vencimento da cobrança alterado.',
  dueBankFailed: (detail: string) => `O vencimento não foi alterado: ${detail}`,
  reasonRequired: 'Motivo: informe o motivo do cancelamento.',
  reasonTooLong: 'Motivo: no máximo 500 caracteres.',
  notOpen: 'Esta cobrança não está em aberto.',
  notDynamic: 'Esta cobrança usa o código estático: confira o pagamento no extrato do banco e marque-a como paga.',
  noBank: 'A API PIX do banco não está configurada (PIX_API_URL).',
  saved: 'Dados do PIX salvos.',
  paid: 'Cobrança marcada como paga.',
  cancelled: 'Cobrança cancelada.',
  copied: 'Código PIX copiado.',
  copy: 'Copiar código',
  copyAndPaste: 'Pix Copia e Cola',
  chargesTitle: 'Cobranças',
  empty: 'Nenhuma cobrança.',
  sendWhatsapp: 'Enviar por WhatsApp',
  whatsappSent: (n: number) => `Cobrança enviada por WhatsApp a ${n} ${n === 1 ? 'contato' : 'contatos'}.`,
  whatsappNone:
    'Nenhum contato novo a avisar: os contatos do cliente que aceitam WhatsApp já receberam esta cobrança, ou nenhum aceita.',
} as const;

export const PIX_CHARGE_STATUSES = ['Em aberto', 'Paga', 'Cancelada'] as const;
export type PixChargeStatus = (typeof PIX_CHARGE_STATUSES)[number];

/** Days after the closing's date a charge falls due (docs/rules.md#pix). */
export const PIX_DUE_DAYS = 5;

export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'telefone' | 'aleatoria';

/** CPF check digits (Receita Federal's mod 11). */
export function isValidCpf(input: string): boolean {
  const cpf = input.replace(/\D/g, '');
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(cpf[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return digit(9) === Number(cpf[9]) && digit(10) === Number(cpf[10]);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A PIX key as the BR Code carries it, with its type, or null when it is none of the five kinds: CPF and CNPJ
 * digits only, e-mail in lower case (at most 77 characters), phone '+55' and 10 or 11 digits, random key a UUID.
 */
export function normalizePixKey(input: string): { chave: string; tipo: PixKeyType } | null {
  const text = input.trim();
  if (!text) return null;
  if (EMAIL.test(text)) return text.length <= 77 ? { chave: text.toLowerCase(), tipo: 'email' } : null;
  if (RANDOM_KEY.test(text.toLowerCase())) return { chave: text.toLowerCase(), tipo: 'aleatoria' };
  if (text.startsWith('+')) {
    const digits = text.replace(/[\s()-]/g, '');
    return /^\+55\d{10,11}$/.test(digits) ? { chave: digits, tipo: 'telefone' } : null;
  }
  const digits = text.replace(/[.\-/\s]/g, '');
  if (/^\d{11}$/.test(digits)) return isValidCpf(digits) ? { chave: digits, tipo: 'cpf' } : null;
  if (/^\d{14}$/.test(digits)) return isValidCnpj(digits) ? { chave: digits, tipo: 'cnpj' } : null;
  return null;
}

const bounded = (required: string, max: number, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : v),
    z.string({ error: required }).min(1, { error: required }).max(max, { error: tooLong }),
  );

/** PUT /api/configuracoes/pix. */
export const pixSettingsSchema = z.object({
  chave: z
    .string({ error: PIX_MSG.keyInvalid })
    .max(100, { error: PIX_MSG.keyInvalid })
    .refine((v) => normalizePixKey(v) !== null, { error: PIX_MSG.keyInvalid }),
  nome: bounded(PIX_MSG.nameRequired, 25, PIX_MSG.nameTooLong),
  cidade: bounded(PIX_MSG.cityRequired, 15, PIX_MSG.cityTooLong),
});
export type PixSettingsInput = z.output<typeof pixSettingsSchema>;

export interface PixSettings {
  chave: string;
  tipo: PixKeyType | null;
  nome: string;
  cidade: string;
  /** After a save with a bank's PIX API: whether the bank took the webhook's address. */
  webhook?: string;
}

/** POST /api/fechamentos/{numero}/cobranca/paga. */
export const pixPaidSchema = z.object({
  data: z.string({ error: PIX_MSG.dateRequired }).trim().refine(isIsoDate, { error: PIX_MSG.dateRequired }),
});
/** PUT /api/fechamentos/{numero}/cobranca/vencimento: the due day, not before the closing's day (checked by the server). */
export const pixDueSchema = z.object({
  vencimento: z.string({ error: PIX_MSG.dueRequired }).trim().refine(isIsoDate, { error: PIX_MSG.dueRequired }),
});
export type PixDueInput = z.output<typeof pixDueSchema>;
/** POST /api/fechamentos/{numero}/cobranca/cancelar. */
export const pixCancelSchema = z.object({ motivo: bounded(PIX_MSG.reasonRequired, 500, PIX_MSG.reasonTooLong) });

/** GET /api/fechamentos/{numero}/cobranca and each row of GET /api/portal/cobrancas. */
export interface PixCharge {
  fechamento: number;
  cliente: string;
  valor: number;
  vencimento: string;
  txid: string;
  pixCopiaECola: string;
  qrCode: string;
  status: PixChargeStatus;
  /** Made through the bank's PIX API (a dynamic charge, its payment seen by the bank), else the static code. */
  dinamica: boolean;
  vencida: boolean;
  pagaEm: string | null;
  pagaPor: string | null;
  motivoCancelamento: string | null;
}

/** The dashboard's card: charges open, and those past their due date. */
export interface PixChargeTotals {
  abertas: number;
  valorAberto: number;
  vencidas: number;
  valorVencido: number;
}
