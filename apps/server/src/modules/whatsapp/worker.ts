/**
 * The worker of each process (docs/rules.md#whatsapp): it claims due messages with a row lock that skips
 * rows another process holds, and a lease (bloqueado_ate), so several processes never send one message
 * twice; it sends each, records the provider's id ('Enviado'), or plans the next try with backoff (30 s,
 * doubling, at most one hour apart) until a day has passed since the message was written: then 'Falha'.
 */

import { WHATSAPP_MSG } from '@os/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whatsappMessages } from '../../db/schema';
import type { BackgroundLog } from '../../platform/background';
import { WHATSAPP_TEMPLATE_SETTINGS, type WhatsappSettings, type WhatsappTemplateKey } from '../../platform/config';
import type { SendResult, WhatsappProvider } from './providers';

const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 3600;
const GIVE_UP_AFTER_MS = 24 * 3600_000;
const LEASE_SECONDS = 120;
const BATCH = 20;

/** Seconds before try number `attempt + 1`: 30, 60, 120, ... at most an hour. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempt - 1));
}

type Claimed = Pick<
  typeof whatsappMessages.$inferSelect,
  'id' | 'destinatario' | 'modelo' | 'modeloConfig' | 'parametros' | 'texto' | 'tentativas' | 'createdAt'
>;

/** Takes up to BATCH due messages for this worker: locked rows are skipped, each claimed row leased. */
async function claim(db: Db): Promise<Claimed[]> {
  const result = await db.execute(sql`
    update ${whatsappMessages} set bloqueado_ate = now() + ${LEASE_SECONDS} * interval '1 second', tentativas = tentativas + 1
    where id in (
      select id from ${whatsappMessages}
      where status = 'Pendente' and enviar_apos <= now() and (bloqueado_ate is null or bloqueado_ate < now())
      order by enviar_apos, id
      limit ${BATCH}
      for update skip locked
    )
    returning id, destinatario, modelo, modelo_config, parametros, texto, tentativas, created_at`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    destinatario: String(r.destinatario),
    modelo: String(r.modelo),
    modeloConfig: String(r.modelo_config),
    parametros: (typeof r.parametros === 'string' ? JSON.parse(r.parametros) : r.parametros) as string[],
    texto: String(r.texto),
    tentativas: Number(r.tentativas),
    createdAt: new Date(r.created_at as string),
  }));
}

async function record(db: Db, message: Claimed, result: SendResult, provider: string): Promise<void> {
  const now = new Date();
  const mine = and(eq(whatsappMessages.id, message.id), eq(whatsappMessages.status, 'Pendente'));
  if (result.ok) {
    await db
      .update(whatsappMessages)
      .set({
        status: 'Enviado',
        provedor: provider,
        provedorId: result.id,
        erro: null,
        enviadoEm: now,
        atualizadoEm: now,
        bloqueadoAte: null,
      })
      .where(mine);
    return;
  }
  const next = new Date(now.getTime() + retryDelaySeconds(message.tentativas) * 1000);
  const giveUp = !result.retry || next.getTime() - message.createdAt.getTime() > GIVE_UP_AFTER_MS;
  await db
    .update(whatsappMessages)
    .set(
      giveUp
        ? { status: 'Falha', provedor: provider, erro: result.error, atualizadoEm: now, bloqueadoAte: null }
        : { provedor: provider, erro: result.error, enviarApos: next, atualizadoEm: now, bloqueadoAte: null },
    )
    .where(mine);
}

/** One pass: claims what is due and sends it; answers how many were tried. */
export async function sendDue(db: Db, provider: WhatsappProvider, settings: WhatsappSettings): Promise<number> {
  const batch = await claim(db);
  for (const message of batch) {
    const key = message.modeloConfig as WhatsappTemplateKey;
    let result: SendResult;
    if (!message.modelo) {
      // A template setting emptied: nothing can go out under no name.
      result = { ok: false, retry: false, error: WHATSAPP_MSG.templateMissing(WHATSAPP_TEMPLATE_SETTINGS[key]?.[0] ?? key) };
    } else {
      result = await provider.send({
        to: message.destinatario,
        template: message.modelo,
        language: settings.language,
        params: message.parametros,
        text: message.texto,
      });
    }
    await record(db, message, result, provider.name);
  }
  return batch.length;
}

/**
 * The process's worker: looks every WHATSAPP_POLL_SECONDS and when told a message was written (`kick`);
 * `drain()` sends everything due now (tests, the app's close waits for a pass under way).
 */
export function createWhatsappWorker(deps: {
  db: Db;
  provider: WhatsappProvider | null;
  settings: WhatsappSettings;
  log: BackgroundLog;
}) {
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  async function loop(): Promise<void> {
    if (!deps.provider) return;
    do {
      again = false;
      try {
        while ((await sendDue(deps.db, deps.provider, deps.settings)) > 0) {
          // Keep going while there is work.
        }
      } catch (err) {
        deps.log.error({ err }, 'whatsapp worker pass failed');
      }
    } while (again);
  }

  /** The pass under way, or none. */
  const settled = (): Promise<void> => running ?? Promise.resolve();

  function kick(): void {
    if (!deps.provider) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = null;
    });
  }

  return {
    kick,
    start(): void {
      if (!deps.provider || timer) return;
      timer = setInterval(kick, deps.settings.pollSeconds * 1000);
      timer.unref();
      kick();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await settled();
    },
    /** Sends what is due now and waits for it. */
    async drain(): Promise<void> {
      await settled();
      kick();
      await settled();
    },
  };
}
export type WhatsappWorker = ReturnType<typeof createWhatsappWorker>;

/** Rows still waiting: for the board's 'Aviso em N min' and tests. */
export async function pendingCount(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.orderId, orderId), inArray(whatsappMessages.status, ['Pendente'])));
  return row?.n ?? 0;
}
