/**
 * The order PDFs (docs/rules.md#daily-use): made from the order's one loaded record (order-pdf/load.ts) by
 * the sections its profile lists (order-pdf/profiles.ts); the office's kept in the order's columns, the
 * client's copy under its code.
 */
import { CLOSING_MSG, type PdfGenerationResult, padNumber, type SessionUser } from '@os/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, sentEmails, users } from '../../db/schema';
import { forbidden, notFound } from '../../platform/errors';
import { type Storage, storedName } from '../../platform/storage';
import { recordAudit } from '../audit/audit.service';
import { MSG_ORDER_NOT_YOURS, type OrderRow } from '../order-records/order-guard';
import { codeOf, sheetVersionOf, versionOf } from './order-pdf/content';
import { loadOrderRecord, type OrderRecord, readStored } from './order-pdf/load';
import { type OfficePdfKind, type OrderPdfKind, type OrderPdfProfile, PROFILES } from './order-pdf/profiles';
import { renderOrderRecord } from './order-pdf/render';

export type { OfficePdfKind, OrderPdfKind } from './order-pdf/profiles';
export interface DocumentDeps {
  db: Db;
  storage: Storage;
}
type StoredPdf = { key: string; hash: string };
type OfficeStorage = NonNullable<OrderPdfProfile['office']>;

/** The stored PDF's key carries its verification code: 'pdfs/os00042_completo_<CODE>_<stamp>_<rand>.pdf'. */
export function codeFromKey(key: string): string | null {
  const m = /_([0-9A-F]{16})_\d{14}_[0-9a-f]{8}\.pdf$/.exec(key);
  return m ? m[1]!.match(/.{4}/g)!.join('-') : null;
}

export function pdfDownloadName(numero: number, kind: OrderPdfKind): string {
  return PROFILES[kind].downloadName(padNumber(numero));
}

const fileStem = (rec: OrderRecord, kind: OrderPdfKind, code: string) =>
  `os${padNumber(rec.order.numero)}_${PROFILES[kind].fileWord}_${code.replace(/-/g, '')}`;

/**
 * Stores a new office PDF (the order's pointer switches in one update, so a reader never sees half a
 * file) and removes the previous one unless a sent e-mail refers to it (docs/rules.md#beyond-the-old-product:
 * what a customer received stays as it was).
 */
async function storeOfficePdf(
  deps: DocumentDeps,
  rec: OrderRecord,
  kind: OrderPdfKind,
  { column }: OfficeStorage,
  user: SessionUser,
): Promise<StoredPdf> {
  const { pdf, code } = await renderOrderRecord(deps.storage, rec, kind, user);
  const key = await deps.storage.put('pdfs', pdf, storedName(fileStem(rec, kind, code), 'pdf'));
  const orderId = rec.order.id;
  const previous = rec.order[column];
  await deps.db
    .update(orders)
    .set({ [column]: key })
    .where(eq(orders.id, orderId));
  await recordAudit(deps.db, {
    entity: 'order',
    entityId: orderId,
    orderId,
    action: 'update',
    user,
    changes: { [kind]: { antes: previous ? codeFromKey(previous) : null, depois: code } },
  });
  if (previous && previous !== key) await removeUnlessSent(deps, previous);
  return { key, hash: code };
}

async function removeUnlessSent(deps: DocumentDeps, key: string) {
  const [sent] = await deps.db.select({ id: sentEmails.id }).from(sentEmails).where(eq(sentEmails.anexoFile, key)).limit(1);
  if (!sent) await deps.storage.remove(key).catch(() => undefined);
}

/**
 * A PDF no column of the order points at, the client's copy (docs/rules.md#portal), as the order is now:
 * kept under its code, so the same content finds the same file and a change makes a new one.
 */
async function keptByCode(deps: DocumentDeps, rec: OrderRecord, kind: OrderPdfKind, user: SessionUser): Promise<StoredPdf> {
  const code = codeOf(rec, kind);
  const name = `${fileStem(rec, kind, code)}.pdf`;
  const key = `pdfs/${name}`;
  if (!(await deps.storage.exists(key))) {
    const { pdf } = await renderOrderRecord(deps.storage, rec, kind, user);
    await deps.storage.put('pdfs', pdf, name);
  }
  return { key, hash: code };
}

/** Renders the order's PDF of that kind as the order is now, storing nothing (scripts/bench-pdf.ts measures this). */
export async function renderOrderPdf(
  deps: DocumentDeps,
  orderId: number,
  kind: OrderPdfKind,
  user: Pick<SessionUser, 'username'>,
) {
  return renderOrderRecord(deps.storage, await loadOrderRecord(deps.db, orderId), kind, user);
}

/** POST /api/os/{id}/pdf and /pdfcompleto: a new version of the office's PDF, whatever the stored one. */
export async function generateOrderPdf(
  deps: DocumentDeps,
  orderId: number,
  kind: OfficePdfKind,
  user: SessionUser,
): Promise<PdfGenerationResult & { key: string }> {
  const rec = await loadOrderRecord(deps.db, orderId);
  const { office } = PROFILES[kind];
  const { key, hash } = await storeOfficePdf(deps, rec, kind, office, user);
  return {
    success: true,
    error: null,
    filename: pdfDownloadName(rec.order.numero, kind),
    filePath: `/api/os/${orderId}/${office.viewer}`,
    hash,
    key,
  };
}

/** The loaded order's PDF of that kind as it is now (see currentOrderPdf). */
async function currentOf(
  deps: DocumentDeps,
  rec: OrderRecord,
  kind: OrderPdfKind,
  user: SessionUser,
  opts: { onlyIfMade?: boolean },
): Promise<StoredPdf | null> {
  const { office }: OrderPdfProfile = PROFILES[kind];
  if (!office) return keptByCode(deps, rec, kind, user);
  const stored = rec.order[office.column];
  if (!stored && opts.onlyIfMade) return null;
  if (stored) {
    const code = codeFromKey(stored);
    if (code && code === codeOf(rec, kind) && (await deps.storage.exists(stored))) return { key: stored, hash: code };
  }
  return storeOfficePdf(deps, rec, kind, office, user);
}

/**
 * The order's PDF as the order is now (docs/rules.md#daily-use): the stored file when its
 * verification code still matches the order's content, else a new version made first (the earlier
 * one stays when a sent e-mail refers to it). With `onlyIfMade`, an order that never had this office
 * PDF answers null instead of getting one.
 */
export async function currentOrderPdf(
  deps: DocumentDeps,
  orderId: number,
  kind: OrderPdfKind,
  user: SessionUser,
  opts: { onlyIfMade?: boolean } = {},
): Promise<StoredPdf | null> {
  return currentOf(deps, await loadOrderRecord(deps.db, orderId), kind, user, opts);
}

/**
 * The verification code the order's PDF of this kind has as the order is now, without making it, and
 * the order's version for the client's decision (docs/rules.md#portal; content.ts, versionOf).
 */
export async function orderPdfCodes(db: Db, orderId: number, kind: OrderPdfKind = 'pdf') {
  const rec = await loadOrderRecord(db, orderId);
  const version = versionOf(rec);
  return { code: codeOf(rec, kind), version, versions: [version, sheetVersionOf(rec)] };
}

/** The order's full PDF, made when missing or outdated: its storage key and code. */
export function ensureFullOrderPdf(deps: DocumentDeps, orderId: number, user: SessionUser): Promise<StoredPdf> {
  return currentOrderPdf(deps, orderId, 'pdfcompleto', user) as Promise<StoredPdf>;
}

/**
 * The copy an e-mail to `to` carries (docs/rules.md#portal): the office's full PDF when `to` is an active
 * user's address, the client's copy for any other.
 */
export async function mailedPdfKind(db: Db, to: string): Promise<'pdfcompleto' | 'cliente'> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${to.trim()})`, eq(users.active, true)))
    .limit(1);
  return user ? 'pdfcompleto' : 'cliente';
}

/** The order PDF for an e-mail to `to`, made when missing or outdated (see mailedPdfKind): its storage key and code. */
export async function mailedOrderPdf(deps: DocumentDeps, orderId: number, user: SessionUser, to: string): Promise<StoredPdf> {
  return currentOrderPdf(deps, orderId, await mailedPdfKind(deps.db, to), user) as Promise<StoredPdf>;
}

/** docs/rules.md#permissions: an order's PDF is for admins and for the user or technician it is assigned to. */
export function mayViewOrderPdf(user: SessionUser, order: Pick<OrderRow, 'technicianId'>): boolean {
  return user.role === 'admin' || order.technicianId === user.id;
}

/** The order's PDF as it is now, for the viewer and downloads (404 'PDF não disponível para esta OS.' when none). */
export async function readOrderPdf(deps: DocumentDeps, orderId: number, kind: OfficePdfKind, user: SessionUser) {
  const rec = await loadOrderRecord(deps.db, orderId);
  if (!mayViewOrderPdf(user, rec.order)) throw forbidden(MSG_ORDER_NOT_YOURS);
  const current = await currentOf(deps, rec, kind, user, { onlyIfMade: true });
  const data = await readStored(deps.storage, current?.key);
  if (!data) throw notFound(CLOSING_MSG.pdfNotAvailable);
  return { data, filename: pdfDownloadName(rec.order.numero, kind) };
}
