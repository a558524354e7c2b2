/**
 * What the client sees of its orders (docs/rules.md#portal): only its own, and never expenses,
 * values, hours or internal notes. Another client's order answers 404, never 403.
 */
import { milToQuantity, type PortalOrder, type PortalOrderDetail } from '@os/shared';
import { and, asc, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { materialLines } from '../../db/material-lines';
import { pageOf } from '../../db/page-of';
import { checklistAnswers, descriptions, orderMaterials, orders, signatures, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { type PortalUser, portalActor } from '../../platform/session';
import { readOrNotFound, type Storage } from '../../platform/storage';
import { loadOrderChecklist } from '../checklists/checklists.service';
import { currentOrderPdf, pdfDownloadName } from '../documents/order-pdf.service';

const PDF_STATUSES = new Set(['Concluído', 'Fechado']);

const listColumns = {
  id: orders.id,
  numero: orders.numero,
  data: orders.data,
  status: orders.status,
  equipamento: orders.equipamento,
  nr_serie: orders.nrSerie,
  motivo: orders.motivo,
  tecnico: users.nomeCompleto,
  agenda_inicio: orders.agendaInicio,
  agenda_fim: orders.agendaFim,
  end_date: orders.endDate,
};

type ListRow = { [K in keyof typeof listColumns]: unknown };
const toOrder = (r: ListRow): PortalOrder => ({ ...(r as Omit<PortalOrder, 'pdf'>), pdf: PDF_STATUSES.has(r.status as string) });

export async function listPortalOrders(db: Db, me: PortalUser, q: { limit?: number; offset?: number }) {
  const where = eq(orders.clientId, me.clienteId);
  const { rows, total } = await pageOf(
    db.select({ n: count() }).from(orders).where(where),
    db
      .select(listColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.technicianId))
      .where(where)
      .orderBy(desc(orders.numero)),
    { limit: q.limit ?? 10, offset: q.offset },
  );
  return { items: rows.map(toOrder), total };
}

/** The client's order, or 404 when it is another client's or does not exist. */
export async function findPortalOrder(db: Db, me: PortalUser, orderId: number) {
  const [row] = await db
    .select({ ...listColumns, responsavel: orders.responsavel, cidade: orders.cidade, nr_peca: orders.nrPeca })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.technicianId))
    .where(and(eq(orders.id, orderId), eq(orders.clientId, me.clienteId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function portalOrderDetail(db: Db, me: PortalUser, orderId: number): Promise<PortalOrderDetail> {
  const row = await findPortalOrder(db, me, orderId);
  const descs = await db
    .select({ id: descriptions.id, data: descriptions.data, descricao: descriptions.descricao, imagem: descriptions.imagem })
    .from(descriptions)
    .where(eq(descriptions.orderId, orderId))
    .orderBy(asc(descriptions.data), asc(descriptions.id));
  const [signature] = await db
    .select({ nome: signatures.signerName, em: signatures.signedAt })
    .from(signatures)
    .where(eq(signatures.orderId, orderId))
    .limit(1);
  // docs/rules.md#materials-and-stock: what was used, never its prices.
  const used = await materialLines(db, eq(orderMaterials.orderId, orderId));
  const { responsavel, cidade, nr_peca, ...list } = row;
  const checklist = await loadOrderChecklist(db, orderId);
  return {
    ...toOrder(list),
    responsavel,
    cidade,
    nr_peca,
    descricoes: descs.map((d) => ({
      id: d.id,
      data: d.data,
      descricao: d.descricao,
      foto: d.imagem ? `/api/portal/os/${orderId}/fotos/${d.id}` : null,
    })),
    assinatura: signature ? { nome: signature.nome, em: signature.em.toISOString() } : null,
    // docs/rules.md#checklists: the readings are the client's equipment data; the follow-ups stay the office's.
    checklist: checklist && {
      ...checklist,
      pendencias: [],
      itens: checklist.itens.map((item) =>
        item.resposta?.foto
          ? { ...item, resposta: { ...item.resposta, foto: `/api/portal/os/${orderId}/checklist/fotos/${item.id}` } }
          : item,
      ),
    },
    materiais: used.map((m) => ({
      id: m.id,
      descricao: m.descricao,
      unidade: m.unidade,
      quantidade: milToQuantity(m.quantidadeMil),
    })),
  };
}

/** A photo of a record of the client's order (`which` names the record), or 404: never a guessable file path. */
async function recordPhoto<Table extends PgTable & { orderId: AnyPgColumn }>(
  deps: { db: Db; storage: Storage; me: PortalUser; orderId: number },
  table: Table,
  photo: AnyPgColumn<{ data: string }>,
  which: SQL,
) {
  await findPortalOrder(deps.db, deps.me, deps.orderId);
  const [row] = await deps.db
    .select({ photo })
    .from(table as PgTable)
    .where(and(eq(table.orderId, deps.orderId), which, isNotNull(photo)))
    .limit(1);
  return readOrNotFound(deps.storage, row?.photo);
}

/** A checklist answer's photo of the client's order, by the item's id. */
export async function portalChecklistPhoto(db: Db, storage: Storage, me: PortalUser, orderId: number, itemId: number) {
  return recordPhoto({ db, storage, me, orderId }, checklistAnswers, checklistAnswers.foto, eq(checklistAnswers.itemId, itemId));
}

/** A description's photo of the client's order, by the description's id. */
export async function portalPhoto(db: Db, storage: Storage, me: PortalUser, orderId: number, descriptionId: number) {
  return recordPhoto({ db, storage, me, orderId }, descriptions, descriptions.imagem, eq(descriptions.id, descriptionId));
}

/** The order PDF (docs/rules.md#daily-use: as the order is now) once Concluído or Fechado; 404 before. */
export async function portalOrderPdf(deps: { db: Db; storage: Storage }, me: PortalUser, orderId: number) {
  const row = await findPortalOrder(deps.db, me, orderId);
  if (!PDF_STATUSES.has(row.status as string)) throw notFound();
  const current = await currentOrderPdf(deps, orderId, 'cliente', portalActor(me));
  if (!current) throw notFound();
  return {
    data: await deps.storage.read(current.key),
    filename: pdfDownloadName(row.numero as number, 'pdf'),
    code: current.hash,
  };
}
