/**
 * Approval at a distance (docs/rules.md#portal): what the office and the contact sides share, the
 * decisions of an order read back (one per version of the order, kept as evidence) and its rating.
 */
import { APPROVAL_MSG, type ApprovalSendResult, type PortalDecision, type SessionUser } from '@os/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { orderDecisions, orderRatings } from '../../db/schema';
import { currentUser } from '../../platform/access';
import type { Mailer } from '../../platform/mail';
import { idParams } from '../../platform/register-routes';
import type { RouteDeps } from '../../platform/route-deps';
import type { Storage } from '../../platform/storage';
import { orderPdfCodes } from '../documents/order-pdf.service';
import type { ClientMessageInput, WhatsappOutbox } from '../whatsapp/outbox';
import type { WhatsappWorker } from '../whatsapp/worker';

export interface ApprovalDeps {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  appUrl: string;
  /** The approval request over WhatsApp, written with the request's audit entry (docs/rules.md#whatsapp). */
  whatsapp?: {
    approval(tx: Db, orderId: number, versao: string, user: SessionUser): Promise<number>;
    /** A quote sent or a charge issued, to the client's consenting contacts (docs/rules.md#whatsapp). */
    clientMessage?(tx: Db, input: ClientMessageInput): Promise<number>;
    written(): void;
  };
}

/** The routes' dependencies as the approval needs them: WhatsApp through the app's outbox, sent by its worker. */
export function approvalDeps(deps: RouteDeps & { whatsappOutbox: WhatsappOutbox; whatsappWorker: WhatsappWorker }): ApprovalDeps {
  const { whatsappOutbox, whatsappWorker } = deps;
  return {
    db: deps.database.db,
    storage: deps.storage,
    mailer: deps.mailer,
    appUrl: deps.config.appUrl,
    whatsapp: {
      approval: whatsappOutbox.approval,
      clientMessage: whatsappOutbox.clientMessage,
      written: () => whatsappWorker.kick(),
    },
  };
}

/** Where the decision came from: the evidence besides who and when. */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

export type DecisionRow = typeof orderDecisions.$inferSelect;

const decisionsOf = (db: Db, orderId: number) =>
  db
    .select()
    .from(orderDecisions)
    .where(eq(orderDecisions.orderId, orderId))
    .orderBy(asc(orderDecisions.createdAt), asc(orderDecisions.id));

/** `versions`: what counts as the order's current version (docs/rules.md#portal). */
export const toPortalDecision = (d: DecisionRow, versions: readonly string[]): PortalDecision => ({
  tipo: d.tipo,
  nome: d.nome,
  motivo: d.motivo,
  em: d.createdAt.toISOString(),
  codigo: d.codigoPdf,
  atual: versions.includes(d.versao),
});

export const decidedMessage = (d: DecisionRow) =>
  d.tipo === 'aprovacao' ? APPROVAL_MSG.alreadyApproved : APPROVAL_MSG.alreadyContested;

/** The order's version for a decision and the decision already taken on it, if any. */
export async function currentDecision(db: Db, orderId: number) {
  const { version, versions, code } = await orderPdfCodes(db, orderId, 'cliente');
  const all = await decisionsOf(db, orderId);
  return { version, versions, code, all, current: all.findLast((d) => versions.includes(d.versao)) ?? null };
}

export async function ratingOf(db: Db, orderId: number) {
  const [row] = await db.select().from(orderRatings).where(eq(orderRatings.orderId, orderId)).limit(1);
  return row ?? null;
}

/** Where a contact's decision came from, kept with it as evidence: the address and the browser (docs/rules.md#portal). */
export const decisionOrigin = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/**
 * The office's 'Enviar' of an order or a quote to its client's contacts at `path` (its `:id`; reads no body, an
 * empty object at most: not an upload route): 200 with each contact's result, 502 with the reason when none got it.
 */
export function sendToClientRoute(
  app: Parameters<FastifyPluginAsyncZod>[0],
  path: string,
  send: (user: SessionUser, id: number) => Promise<ApprovalSendResult>,
) {
  app.post(
    path,
    { config: { access: 'staff' }, schema: { params: idParams, body: z.object({}).nullish() } },
    async (request, reply) => {
      const result = await send(currentUser(request), request.params.id);
      return reply.status(result.success ? 200 : 502).send(result.success ? result : { error: result.message, ...result });
    },
  );
}
