import { createHash } from 'node:crypto';
import { type DocType, MAIL_MSG, padNumber, type SessionUser } from '@os/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, closings, orders } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { readOrNotFound, type Storage } from '../../platform/storage';

export interface DocumentAttachment {
  filename: string;
  content: Buffer;
  /** SHA-256 of the bytes: the verification code recorded with the send (docs/rules.md#beyond-the-old-product). */
  hash: string;
  /** The client of the document, when it has one. */
  client: { id: number; razao: string } | null;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Makes the order PDF an e-mail to `to` carries when it is missing or outdated: the documents module's
 * mailedOrderPdf (the full PDF for a user's address, the client's copy for any other; docs/rules.md#portal).
 */
export type EnsureOrderPdf = (
  deps: { db: Db; storage: Storage },
  orderId: number,
  user: SessionUser,
  to: string,
) => Promise<{ key: string }>;

export interface AttachmentDeps {
  db: Db;
  storage: Storage;
  /** Absent until the documents module is part of the build: then a missing PDF answers 404. */
  ensureOrderPdf?: EnsureOrderPdf;
}

/**
 * The PDF a document e-mail to `to` carries: for 'Ordem de Serviço' the order's PDF for that address (made
 * when missing, if the documents module is wired in), the closing PDF for 'Fechamento'. An unknown number
 * or a document without PDF answers 404 and nothing is sent.
 */
export async function resolveDocumentAttachment(
  deps: AttachmentDeps,
  tipo: DocType,
  numero: string,
  user: SessionUser,
  to: string,
): Promise<DocumentAttachment> {
  const n = Number(numero);
  if (tipo === 'Ordem de Serviço') {
    const [order] = await deps.db
      .select({ id: orders.id, pdf: orders.pdfcompletoFile, clientId: clients.id, razao: clients.razao })
      .from(orders)
      .innerJoin(clients, eq(clients.id, orders.clientId))
      .where(eq(orders.numero, n))
      .limit(1);
    if (!order) throw notFound(MAIL_MSG.orderNotFound);
    // The order as it is now: a PDF made before a change is made again first (docs/rules.md#daily-use).
    let key = order.pdf;
    if (deps.ensureOrderPdf) key = (await deps.ensureOrderPdf({ db: deps.db, storage: deps.storage }, order.id, user, to)).key;
    const content = await readOrNotFound(deps.storage, key, MAIL_MSG.orderPdfMissing);
    return {
      filename: `OS-${padNumber(n)}.pdf`,
      content,
      hash: sha256(content),
      client: { id: order.clientId, razao: order.razao },
    };
  }
  const [closing] = await deps.db.select({ pdf: closings.pdfFile }).from(closings).where(eq(closings.numero, n)).limit(1);
  if (!closing) throw notFound(MAIL_MSG.closingNotFound);
  const content = await readOrNotFound(deps.storage, closing.pdf, MAIL_MSG.closingPdfMissing);
  return { filename: `Fechamento-${padNumber(n)}.pdf`, content, hash: sha256(content), client: null };
}
