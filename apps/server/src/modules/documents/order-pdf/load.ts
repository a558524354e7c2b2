import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { materialLines } from '../../../db/material-lines';
import { plateColumns } from '../../../db/plate-columns';
import {
  clients,
  companies,
  descriptions,
  equipment,
  expenses,
  expenseTypes,
  orderDecisions,
  orderMaterials,
  orders,
  outboundTrips,
  returnTrips,
  serviceEntries,
  serviceRequestPhotos,
  serviceRequests,
  signatures,
  users,
} from '../../../db/schema';
import { notFound } from '../../../platform/errors';
import type { Storage } from '../../../platform/storage';
import { loadOrderChecklist } from '../../checklists/checklists.service';
import { MSG_ORDER_NOT_FOUND } from '../../order-records/order-guard';

/**
 * Everything an order PDF prints, read once per request (docs/style.md#a-pdf-section): the order with its
 * client, technician and equipment, the company, and the order's records in print order. Every section and
 * the verification code read this record; none reads the tables again. 404 for an unknown order.
 */
export async function loadOrderRecord(db: Db, orderId: number) {
  const [row] = await db
    .select({
      order: orders,
      client: clients,
      technician: { username: users.username, nomeCompleto: users.nomeCompleto },
      // docs/rules.md#equipment: the registered equipment the order is for, printed with its data.
      equipment: plateColumns,
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(users, eq(users.id, orders.technicianId))
    .leftJoin(equipment, eq(equipment.id, orders.equipmentId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw notFound(MSG_ORDER_NOT_FOUND);
  const [company] = await db.select().from(companies).orderBy(asc(companies.id)).limit(1);
  const byOrder = <T extends { orderId: unknown }>(t: T) => eq(t.orderId as never, orderId);
  const [ida, servicos, volta, descricoes, despesas, [assinatura], decisoes, checklist, materiais, fotosCliente] =
    await Promise.all([
      db.select().from(outboundTrips).where(byOrder(outboundTrips)).orderBy(asc(outboundTrips.dataida), asc(outboundTrips.id)),
      db
        .select()
        .from(serviceEntries)
        .where(byOrder(serviceEntries))
        .orderBy(asc(serviceEntries.dataservico), asc(serviceEntries.entradaservico), asc(serviceEntries.id)),
      db.select().from(returnTrips).where(byOrder(returnTrips)).orderBy(asc(returnTrips.datavolta), asc(returnTrips.id)),
      db.select().from(descriptions).where(byOrder(descriptions)).orderBy(asc(descriptions.data), asc(descriptions.id)),
      db
        .select({ expense: expenses, tipo: expenseTypes.despesa })
        .from(expenses)
        .innerJoin(expenseTypes, eq(expenseTypes.id, expenses.expenseTypeId))
        .where(byOrder(expenses))
        .orderBy(asc(expenses.data), asc(expenses.id)),
      db.select().from(signatures).where(byOrder(signatures)).limit(1),
      db
        .select()
        .from(orderDecisions)
        .where(byOrder(orderDecisions))
        .orderBy(asc(orderDecisions.createdAt), asc(orderDecisions.id)),
      loadOrderChecklist(db, orderId),
      // docs/rules.md#materials-and-stock: the materials used, with the price each line kept.
      materialLines(db, byOrder(orderMaterials)),
      // docs/rules.md#portal: the photos of the request the order was made from, the client's photos.
      db
        .select({ requestId: serviceRequestPhotos.requestId, imagem: serviceRequestPhotos.imagem })
        .from(serviceRequestPhotos)
        .innerJoin(serviceRequests, eq(serviceRequests.id, serviceRequestPhotos.requestId))
        .where(eq(serviceRequests.orderId, orderId))
        .orderBy(asc(serviceRequestPhotos.id)),
    ]);
  return {
    ...row,
    company,
    ida,
    servicos,
    volta,
    descricoes,
    despesas,
    assinatura,
    decisoes,
    checklist,
    materiais,
    fotosCliente,
  };
}
export type OrderRecord = Awaited<ReturnType<typeof loadOrderRecord>>;

/** A stored file's bytes, or null when there is no key or no file (a missing photo never breaks a PDF). */
export async function readStored(storage: Storage, key: string | null | undefined): Promise<Buffer | null> {
  if (!key) return null;
  try {
    return await storage.read(key);
  } catch {
    return null;
  }
}
