/**
 * Approval at a distance, the contact's side (docs/rules.md#portal): the state of an order in the
 * portal, 'Aprovar' (typed name, optional drawn signature) or 'Contestar' (reason), one decision per
 * version of the order, kept as evidence; after approving, the contact may rate the visit once.
 */
import { APPROVAL_MSG, type ApprovalInput, type ContestInput, type PortalApproval, type RatingInput } from '@os/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderDecisions, orderRatings, orders } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors';
import { decidingContact, decisionEvidence, type PortalUser, portalActor } from '../../platform/session';
import { storedName } from '../../platform/storage';
import { recordAudit } from '../audit/audit.service';
import { currentOrderPdf, orderPdfCodes } from '../documents/order-pdf.service';
import { decodeSignature } from '../signatures/signatures.service';
import {
  type ApprovalDeps,
  currentDecision,
  decidedMessage,
  type RequestOrigin,
  ratingOf,
  toPortalDecision,
} from './approval-decisions';
import { findPortalOrder } from './portal-orders.service';

/** GET /api/portal/os/{id}/aprovacao. */
export async function portalApprovalState(db: Db, me: PortalUser, orderId: number): Promise<PortalApproval> {
  const order = await findPortalOrder(db, me, orderId);
  const decidable = order.status === 'Concluído' || order.status === 'Fechado';
  const state = decidable
    ? await currentDecision(db, orderId)
    : { version: null, versions: [], code: null, all: [], current: null };
  const shown = state.current ?? state.all.at(-1) ?? null;
  const rating = await ratingOf(db, orderId);
  return {
    pendente: order.status === 'Concluído' && !state.current,
    codigo: state.code,
    decisao: shown ? toPortalDecision(shown, state.versions) : null,
    podeAvaliar: !rating && state.all.some((d) => d.tipo === 'aprovacao'),
    avaliacao: rating ? { nota: rating.nota, comentario: rating.comentario, em: rating.createdAt.toISOString() } : null,
  };
}

/** The checks before a decision: Concluído, not decided on this version, the code shown still current. */
async function beforeDecision(deps: ApprovalDeps, me: PortalUser, orderId: number, codigo: string | null | undefined) {
  const order = await findPortalOrder(deps.db, me, orderId);
  const { current } = await currentDecision(deps.db, orderId);
  if (current) throw conflict(decidedMessage(current));
  if (order.status !== 'Concluído') throw conflict(APPROVAL_MSG.onlyConcluded);
  // The PDF the contact is shown: made first when the order changed since the last one.
  const pdf = await currentOrderPdf(deps, orderId, 'cliente', portalActor(me));
  if (!pdf) throw notFound();
  if (codigo && codigo !== pdf.hash) throw conflict(APPROVAL_MSG.changed);
  const { version } = await orderPdfCodes(deps.db, orderId, 'cliente');
  return { order, code: pdf.hash, version };
}

async function insertDecision(
  deps: ApprovalDeps,
  me: PortalUser,
  orderId: number,
  values: Omit<typeof orderDecisions.$inferInsert, 'orderId' | 'contactId' | 'contatoNome' | 'contatoEmail'>,
) {
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orderDecisions)
        .values({ ...values, orderId, ...decidingContact(me) })
        .returning();
      await recordAudit(tx, {
        entity: row!.tipo,
        entityId: row!.id,
        orderId,
        action: 'create',
        user: portalActor(me),
        changes: {
          ...decisionEvidence(me, row!),
          codigoPdf: row!.codigoPdf,
          assinatura: !!row!.assinatura,
        },
      });
      return row!;
    });
  } catch (err) {
    // Two decisions racing on the same version: the second is refused like any later one.
    if (isUniqueViolation(err)) {
      const { current } = await currentDecision(deps.db, orderId);
      throw conflict(current ? decidedMessage(current) : APPROVAL_MSG.alreadyApproved);
    }
    throw err;
  }
}

/** POST /api/portal/os/{id}/aceite. */
export async function approveOrder(
  deps: ApprovalDeps,
  me: PortalUser,
  orderId: number,
  input: ApprovalInput,
  origin: RequestOrigin,
): Promise<PortalApproval> {
  const drawn = input.assinatura?.trim() ? await decodeSignature(input.assinatura.trim()) : null;
  const { code, version } = await beforeDecision(deps, me, orderId, input.codigo);
  const assinatura = drawn ? await deps.storage.put('uploads', drawn, storedName(`aprovacao${orderId}`, 'png')) : null;
  try {
    await insertDecision(deps, me, orderId, {
      tipo: 'aprovacao',
      nome: input.nome,
      assinatura,
      ip: origin.ip,
      userAgent: origin.userAgent.slice(0, 500),
      versao: version,
      codigoPdf: code,
    });
  } catch (err) {
    if (assinatura) await deps.storage.remove(assinatura);
    throw err;
  }
  return portalApprovalState(deps.db, me, orderId);
}

/** POST /api/portal/os/{id}/contestacao; the office is told by e-mail (`notify`). */
export async function contestOrder(
  deps: ApprovalDeps,
  me: PortalUser,
  orderId: number,
  input: ContestInput,
  origin: RequestOrigin,
  notify: (decisionId: number) => void,
): Promise<PortalApproval> {
  const { code, version } = await beforeDecision(deps, me, orderId, input.codigo);
  const row = await insertDecision(deps, me, orderId, {
    tipo: 'contestacao',
    nome: me.nome,
    motivo: input.motivo,
    ip: origin.ip,
    userAgent: origin.userAgent.slice(0, 500),
    versao: version,
    codigoPdf: code,
  });
  notify(row.id);
  return portalApprovalState(deps.db, me, orderId);
}

/** POST /api/portal/os/{id}/avaliacao: once, after an approval; the technician of the visit is kept with it. */
export async function rateOrder(db: Db, me: PortalUser, orderId: number, input: RatingInput): Promise<PortalApproval> {
  await findPortalOrder(db, me, orderId);
  if (await ratingOf(db, orderId)) throw conflict(APPROVAL_MSG.alreadyRated);
  const [approved] = await db
    .select({ id: orderDecisions.id })
    .from(orderDecisions)
    .where(and(eq(orderDecisions.orderId, orderId), eq(orderDecisions.tipo, 'aprovacao')))
    .limit(1);
  if (!approved) throw conflict(APPROVAL_MSG.rateOnlyApproved);
  const [order] = await db.select({ technicianId: orders.technicianId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orderRatings)
        .values({
          orderId,
          contactId: me.contatoId,
          contatoNome: me.nome,
          technicianId: order?.technicianId ?? null,
          nota: input.nota,
          comentario: input.comentario,
        })
        .returning();
      await recordAudit(tx, {
        entity: 'avaliacao',
        entityId: row!.id,
        orderId,
        action: 'create',
        user: portalActor(me),
        changes: { nota: row!.nota, comentario: row!.comentario },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(APPROVAL_MSG.alreadyRated);
    throw err;
  }
  return portalApprovalState(db, me, orderId);
}
