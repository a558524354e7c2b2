/**
 * The providers' webhooks (docs/rules.md#whatsapp): verified first (Meta: X-Hub-Signature-256, the
 * HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET; Evolution: its apikey), then each status moves
 * a message forward only (Enviado < Entregue < Lido; Falha only before delivery), so a replayed call
 * changes nothing; a reply 'SAIR' withdraws the sender's consent.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MessageStatus } from '@os/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portalContacts, users, whatsappMessages } from '../../db/schema';
import type { WhatsappSettings } from '../../platform/config';
import { withoutNumbers } from './providers';

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Meta's signature header: 'sha256=' and the hex HMAC-SHA256 of the raw body with the app secret. */
export function metaSignatureValid(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!appSecret || !header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest('hex');
  return sameText(header.slice(7).toLowerCase(), expected);
}

/** Evolution sends its apikey in the body of each event (and some set it as a header). */
export function evolutionKeyValid(apiKey: string, header: string | undefined, body: unknown): boolean {
  if (!apiKey) return false;
  const inBody = (body as { apikey?: unknown } | null)?.apikey;
  return (typeof header === 'string' && sameText(header, apiKey)) || (typeof inBody === 'string' && sameText(inBody, apiKey));
}

/** Meta's GET handshake: the challenge only when the mode is 'subscribe' and the verify token is the setting's. */
export function metaChallenge(settings: WhatsappSettings, query: Record<string, unknown>): string | null {
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (settings.provider !== 'meta' || !settings.meta.verifyToken) return null;
  if (query['hub.mode'] !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return null;
  return sameText(token, settings.meta.verifyToken) ? challenge : null;
}

const RANK: Record<MessageStatus, number> = { Pendente: 0, Enviado: 1, Falha: 1.5, Entregue: 2, Lido: 3 };

interface StatusUpdate {
  id: string;
  status: MessageStatus;
  erro?: string;
}

/** Moves each message forward; answers how many rows changed. */
async function applyStatuses(db: Db, updates: StatusUpdate[]): Promise<number> {
  let changed = 0;
  for (const update of updates) {
    const lower = (Object.keys(RANK) as MessageStatus[]).filter((s) => RANK[s] < RANK[update.status] && s !== 'Pendente');
    if (!lower.length) continue;
    const rows = await db
      .update(whatsappMessages)
      .set({ status: update.status, erro: update.erro ?? null, atualizadoEm: new Date() })
      .where(and(eq(whatsappMessages.provedorId, update.id), inArray(whatsappMessages.status, lower)))
      .returning({ id: whatsappMessages.id });
    changed += rows.length;
  }
  return changed;
}

/** The E.164 forms a WhatsApp id may stand for: Meta may name a Brazilian mobile without its ninth digit. */
function numbersOf(waId: string): string[] {
  const digits = waId.replace(/\D/g, '');
  if (!digits.startsWith('55')) return [];
  const forms = [`+${digits}`];
  if (digits.length === 12 && /^[6-9]/.test(digits.slice(4))) forms.push(`+${digits.slice(0, 4)}9${digits.slice(4)}`);
  return forms;
}

const isOptOut = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}]/gu, '')
    .toUpperCase() === 'SAIR';

/** 'SAIR': every contact and user with that number stops receiving (docs/rules.md#whatsapp). */
async function optOut(db: Db, waIds: string[]): Promise<number> {
  const numbers = waIds.flatMap(numbersOf);
  if (!numbers.length) return 0;
  const contacts = await db
    .update(portalContacts)
    .set({ aceitaWhatsapp: false, updatedAt: new Date() })
    .where(and(inArray(portalContacts.whatsapp, numbers), eq(portalContacts.aceitaWhatsapp, true)))
    .returning({ id: portalContacts.id });
  const staff = await db
    .update(users)
    .set({ aceitaWhatsapp: false, updatedAt: new Date() })
    .where(and(inArray(users.whatsapp, numbers), eq(users.aceitaWhatsapp, true)))
    .returning({ id: users.id });
  return contacts.length + staff.length;
}

const META_STATUS: Record<string, MessageStatus> = { sent: 'Enviado', delivered: 'Entregue', read: 'Lido', failed: 'Falha' };

type MetaValue = {
  statuses?: { id?: unknown; status?: unknown; errors?: { code?: unknown; title?: unknown; message?: unknown }[] }[];
  messages?: { from?: unknown; type?: unknown; text?: { body?: unknown }; button?: { text?: unknown } }[];
};

/** A Cloud API notification: entry[].changes[].value with statuses and incoming messages. */
export async function handleMetaEvent(db: Db, body: unknown): Promise<{ statuses: number; optOuts: number }> {
  const updates: StatusUpdate[] = [];
  const leaving: string[] = [];
  const entries = (body as { entry?: { changes?: { value?: MetaValue }[] }[] } | null)?.entry ?? [];
  for (const entry of Array.isArray(entries) ? entries : []) {
    for (const change of entry?.changes ?? []) {
      const value = change?.value;
      for (const s of value?.statuses ?? []) {
        const status = typeof s.status === 'string' ? META_STATUS[s.status] : undefined;
        if (typeof s.id !== 'string' || !status) continue;
        const error = s.errors?.[0];
        const erro = error
          ? withoutNumbers(`${String(error.code ?? '')} ${String(error.title ?? error.message ?? '')}`.trim())
          : undefined;
        updates.push({ id: s.id, status, erro });
      }
      for (const m of value?.messages ?? []) {
        const text = m.type === 'button' ? m.button?.text : m.text?.body;
        if (typeof m.from === 'string' && typeof text === 'string' && isOptOut(text)) leaving.push(m.from);
      }
    }
  }
  return { statuses: await applyStatuses(db, updates), optOuts: await optOut(db, leaving) };
}

const EVOLUTION_STATUS: Record<string, MessageStatus> = {
  SERVER_ACK: 'Enviado',
  DELIVERY_ACK: 'Entregue',
  READ: 'Lido',
  PLAYED: 'Lido',
  ERROR: 'Falha',
};

type EvolutionData = {
  keyId?: unknown;
  key?: { id?: unknown; remoteJid?: unknown; fromMe?: unknown };
  status?: unknown;
  update?: { status?: unknown };
  message?: { conversation?: unknown; extendedTextMessage?: { text?: unknown } };
};

/** An Evolution API event: messages.update (status of a sent message) or messages.upsert (a reply). */
export async function handleEvolutionEvent(db: Db, body: unknown): Promise<{ statuses: number; optOuts: number }> {
  const event = String((body as { event?: unknown } | null)?.event ?? '')
    .toLowerCase()
    .replace('_', '.');
  const raw = (body as { data?: unknown } | null)?.data;
  const items = (Array.isArray(raw) ? raw : [raw]).filter(Boolean) as EvolutionData[];
  const updates: StatusUpdate[] = [];
  const leaving: string[] = [];
  for (const data of items) {
    if (event === 'messages.update') {
      const id = data.keyId ?? data.key?.id;
      const value = data.status ?? data.update?.status;
      const status = typeof value === 'string' ? EVOLUTION_STATUS[value] : undefined;
      if (typeof id === 'string' && status) updates.push({ id, status });
    } else if (event === 'messages.upsert' && data.key?.fromMe !== true) {
      const text = data.message?.conversation ?? data.message?.extendedTextMessage?.text;
      const jid = data.key?.remoteJid;
      if (typeof jid === 'string' && jid.endsWith('@s.whatsapp.net') && typeof text === 'string' && isOptOut(text)) {
        leaving.push(jid.split('@')[0]!);
      }
    }
  }
  return { statuses: await applyStatuses(db, updates), optOuts: await optOut(db, leaving) };
}
