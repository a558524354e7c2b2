/**
 * A quote in the portal (docs/rules.md#quotes): the client's sent quotes, 'Aprovar' (typed name, optional drawn
 * signature) or 'Recusar' (reason), one decision per version, kept as evidence like an order approval (who,
 * name, when, address, browser, the version and its PDF's verification code). Another client's quote is 404.
 */
import { QUOTE_MSG, type Quote, type QuoteApprovalInput, type QuoteRefusalInput } from '@os/shared';
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageOf } from '../../db/page-of';
import { clients, quoteDecisions, quotes } from '../../db/schema';
import { AppError, conflict, isUniqueViolation, notFound } from '../../platform/errors';
import { decidingContact, decisionEvidence, type PortalUser, portalActor } from '../../platform/session';
import { type Storage, storedName } from '../../platform/storage';
import { recordAudit } from '../audit/audit.service';
import { type LoadedQuote, loadQuote, toQuote, toQuoteSummary } from './quote-load';
import { lockedMessage } from './quotes.service';

/** Where a decision came from: the evidence besides who and when. */
export interface DecisionOrigin {
  ip: string;
  userAgent: string;
}

/** GET /api/portal/orcamentos: the client's quotes that were sent at least once, newest first. */
export async function listPortalQuotes(db: Db, me: PortalUser, page: { limit: number; offset: number }) {
  const where = and(eq(quotes.clientId, me.clienteId), isNotNull(quotes.enviadoEm));
  const { rows, total } = await pageOf(
    db.select({ n: count() }).from(quotes).where(where),
    db
      .select({ row: quotes, cliente: clients.razao })
      .from(quotes)
      .innerJoin(clients, eq(clients.id, quotes.clientId))
      .where(where)
      .orderBy(desc(quotes.numero)),
    page,
  );
  return { items: rows.map((r) => toQuoteSummary(r.row, r.cliente, null)), total };
}

/** The client's sent quote, or 404 (another client's, never sent, or none). */
export async function findPortalQuote(db: Db, me: PortalUser, id: number): Promise<LoadedQuote> {
  const q = await loadQuote(db, id);
  if (q.client.id !== me.clienteId || !q.row.enviadoEm) throw notFound(QUOTE_MSG.notFound);
  return q;
}

export async function portalQuote(db: Db, me: PortalUser, id: number): Promise<Quote> {
  return toQuote(await findPortalQuote(db, me, id), false);
}

/** Enviado and not expired, else 409 with why; a quote edited after sending waits for the new version. */
function assertDecidable(q: LoadedQuote) {
  const locked = lockedMessage(q);
  if (locked) throw conflict(locked);
  if (q.row.status !== 'Enviado' || !q.row.codigoEnviado) throw conflict(QUOTE_MSG.notSent);
}

async function decide(
  db: Db,
  me: PortalUser,
  q: LoadedQuote,
  values: { tipo: 'aprovacao' | 'recusa'; nome: string; motivo?: string; assinatura?: string | null },
  origin: DecisionOrigin,
) {
  const status = values.tipo === 'aprovacao' ? 'Aprovado' : 'Recusado';
  try {
    await db.transaction(async (tx) => {
      // Only the version sent, still Enviado: a second decision at the same moment changes nothing.
      const [claimed] = await tx
        .update(quotes)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(quotes.id, q.row.id), eq(quotes.status, 'Enviado'), eq(quotes.versao, q.row.versao)))
        .returning({ id: quotes.id });
      if (!claimed) throw new AppError(409, QUOTE_MSG.notSent);
      const [row] = await tx
        .insert(quoteDecisions)
        .values({
          quoteId: q.row.id,
          ...decidingContact(me),
          tipo: values.tipo,
          nome: values.nome,
          motivo: values.motivo ?? null,
          assinatura: values.assinatura ?? null,
          ip: origin.ip,
          userAgent: origin.userAgent.slice(0, 500),
          versao: q.row.versao,
          codigoPdf: q.row.codigoEnviado!,
        })
        .returning();
      await recordAudit(tx as unknown as Db, {
        entity: 'orcamento',
        entityId: q.row.id,
        action: 'status',
        user: portalActor(me),
        changes: {
          status: { antes: 'Enviado', depois: status },
          ...decisionEvidence(me, row!),
          versao: row!.versao,
          codigoPdf: row!.codigoPdf,
          assinatura: !!row!.assinatura,
        },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err) || (err instanceof AppError && err.statusCode === 409)) {
      const now = await loadQuote(db, q.row.id);
      throw conflict(lockedMessage(now) ?? QUOTE_MSG.notSent);
    }
    throw err;
  }
}

/** POST /api/portal/orcamentos/{id}/aprovacao; `drawn` is the signature's PNG, already checked. */
export async function approveQuote(
  deps: { db: Db; storage: Storage },
  me: PortalUser,
  id: number,
  input: QuoteApprovalInput,
  drawn: Buffer | null,
  origin: DecisionOrigin,
): Promise<Quote> {
  const q = await findPortalQuote(deps.db, me, id);
  assertDecidable(q);
  const assinatura = drawn ? await deps.storage.put('uploads', drawn, storedName(`orcamento${id}`, 'png')) : null;
  try {
    await decide(deps.db, me, q, { tipo: 'aprovacao', nome: input.nome, assinatura }, origin);
  } catch (err) {
    if (assinatura) await deps.storage.remove(assinatura);
    throw err;
  }
  return portalQuote(deps.db, me, id);
}

/** POST /api/portal/orcamentos/{id}/recusa. */
export async function refuseQuote(db: Db, me: PortalUser, id: number, input: QuoteRefusalInput, origin: DecisionOrigin) {
  const q = await findPortalQuote(db, me, id);
  assertDecidable(q);
  await decide(db, me, q, { tipo: 'recusa', nome: me.nome, motivo: input.motivo }, origin);
  return portalQuote(db, me, id);
}

/** The drawn signature of the quote's approval (PNG), for the office. */
export async function quoteSignature(db: Db, storage: Storage, id: number): Promise<Buffer> {
  const [row] = await db
    .select({ assinatura: quoteDecisions.assinatura })
    .from(quoteDecisions)
    .where(and(eq(quoteDecisions.quoteId, id), eq(quoteDecisions.tipo, 'aprovacao')))
    .orderBy(desc(quoteDecisions.id))
    .limit(1);
  if (!row?.assinatura) throw notFound('Assinatura não encontrada.');
  try {
    return await storage.read(row.assinatura);
  } catch {
    throw notFound('Assinatura não encontrada.');
  }
}
