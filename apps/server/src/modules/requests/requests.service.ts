/**
 * Requests for service (docs/rules.md#portal): a portal contact asks, with up to 5 photos; the office
 * converts the request into an order or refuses it with a reason. The client sees only its own requests;
 * another client's id answers 404.
 */
import {
  businessToday,
  type OrderClientPhoto,
  type PortalServiceRequest,
  REQUEST_MSG,
  type RequestState,
  requestStatusText,
  type ServiceRequest,
  type ServiceRequestFields,
  type SessionUser,
} from '@os/shared';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isClientEquipment } from '../../db/client-equipment';
import { pageOf } from '../../db/page-of';
import { clients, equipment, portalContacts, serviceRequestPhotos, serviceRequests } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { preparePhoto } from '../../platform/files';
import type { PortalUser } from '../../platform/session';
import { readOrNotFound, type Storage, storedName } from '../../platform/storage';
import { recordAudit } from '../audit/audit.service';
import { createOrder } from '../orders/orders.service';

type RequestRow = typeof serviceRequests.$inferSelect;

const equipmentName = (e: { tipo: string; fabricante: string; modelo: string; numeroSerie: string } | null) =>
  e ? [e.tipo, e.fabricante, e.modelo].filter(Boolean).join(' ') + (e.numeroSerie ? ` (série ${e.numeroSerie})` : '') : '';

const selection = {
  row: serviceRequests,
  cliente: clients.razao,
  tipo: equipment.tipo,
  fabricante: equipment.fabricante,
  modelo: equipment.modelo,
  numeroSerie: equipment.numeroSerie,
};

type Selected = {
  row: RequestRow;
  cliente: string;
  tipo: string | null;
  fabricante: string | null;
  modelo: string | null;
  numeroSerie: string | null;
};

function toPortalRequest(r: Selected, photoIds: number[]): PortalServiceRequest {
  const { row } = r;
  return {
    id: row.id,
    criadaEm: row.createdAt.toISOString(),
    equipamentoId: row.equipmentId,
    equipamento:
      r.tipo === null
        ? ''
        : equipmentName({
            tipo: r.tipo,
            fabricante: r.fabricante ?? '',
            modelo: r.modelo ?? '',
            numeroSerie: r.numeroSerie ?? '',
          }),
    motivo: row.motivo,
    urgencia: row.urgencia,
    contato: row.contato,
    fone: row.fone,
    situacao: row.estado,
    status: requestStatusText(row.estado, row.orderNumero),
    osNumero: row.orderNumero,
    motivoRecusa: row.motivoRecusa,
    fotos: photoIds.length,
  };
}

function toOfficeRequest(r: Selected, photoIds: number[]): ServiceRequest {
  return {
    ...toPortalRequest(r, photoIds),
    clienteId: r.row.clientId,
    cliente: r.cliente,
    contatoEmail: r.row.contactEmail,
    osId: r.row.orderId,
    fotoUrls: photoIds.map((p) => `/api/solicitacoes/${r.row.id}/fotos/${p}`),
  };
}

function baseQuery(db: Db) {
  return db
    .select(selection)
    .from(serviceRequests)
    .innerJoin(clients, eq(clients.id, serviceRequests.clientId))
    .leftJoin(equipment, eq(equipment.id, serviceRequests.equipmentId))
    .$dynamic();
}

async function photoIdsOf(db: Db, requestIds: number[]): Promise<Map<number, number[]>> {
  const byRequest = new Map<number, number[]>();
  if (!requestIds.length) return byRequest;
  const rows = await db
    .select({ id: serviceRequestPhotos.id, requestId: serviceRequestPhotos.requestId })
    .from(serviceRequestPhotos)
    .where(inArray(serviceRequestPhotos.requestId, requestIds))
    .orderBy(asc(serviceRequestPhotos.id));
  for (const p of rows) byRequest.set(p.requestId, [...(byRequest.get(p.requestId) ?? []), p.id]);
  return byRequest;
}

/**
 * POST /api/portal/solicitacoes. Every photo is checked and prepared before anything is stored, so a
 * refused photo leaves nothing behind.
 */
export async function createServiceRequest(
  deps: { db: Db; storage: Storage },
  me: PortalUser,
  input: ServiceRequestFields,
  photos: Buffer[],
): Promise<PortalServiceRequest> {
  const { db, storage } = deps;
  if (input.equipamentoId !== null && !(await isClientEquipment(db, input.equipamentoId, me.clienteId)))
    throw badRequest(REQUEST_MSG.equipmentOther, 'equipamentoId');
  const prepared: Buffer[] = [];
  for (const photo of photos) {
    prepared.push(await preparePhoto(photo, { tooLarge: REQUEST_MSG.photoTooLarge, notImage: REQUEST_MSG.photoNotImage }));
  }
  const keys: string[] = [];
  for (const data of prepared) keys.push(await storage.put('uploads', data, storedName('solicitacao', 'jpg')));
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(serviceRequests)
      .values({
        clientId: me.clienteId,
        contactId: me.contatoId,
        contactEmail: me.email,
        equipmentId: input.equipamentoId,
        motivo: input.motivo,
        urgencia: input.urgencia,
        contato: input.contato || me.nome,
        fone: input.fone,
      })
      .returning({ id: serviceRequests.id });
    if (keys.length) await tx.insert(serviceRequestPhotos).values(keys.map((imagem) => ({ requestId: row!.id, imagem })));
    return row!.id;
  });
  return portalRequest(db, me, id);
}

/** One of the client's requests, or 404 when it is another client's. */
export async function portalRequest(db: Db, me: PortalUser, id: number): Promise<PortalServiceRequest> {
  const [r] = await baseQuery(db)
    .where(and(eq(serviceRequests.id, id), eq(serviceRequests.clientId, me.clienteId)))
    .limit(1);
  if (!r) throw notFound(REQUEST_MSG.notFound);
  return toPortalRequest(r, (await photoIdsOf(db, [id])).get(id) ?? []);
}

/** A page of requests, newest first, each with its photos' ids, and the total under `where`. */
async function requestPage<T>(
  db: Db,
  where: SQL | undefined,
  q: { limit?: number; offset?: number },
  present: (r: Selected, photos: number[]) => T,
) {
  const { rows, total } = await pageOf(
    db.select({ n: count() }).from(serviceRequests).where(where),
    baseQuery(db).where(where).orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id)),
    { limit: q.limit ?? 20, offset: q.offset },
  );
  const photos = await photoIdsOf(
    db,
    rows.map((r) => r.row.id),
  );
  return { items: rows.map((r) => present(r, photos.get(r.row.id) ?? [])), total };
}

/** GET /api/portal/solicitacoes: the client's requests, newest first, paged. */
export function listPortalRequests(db: Db, me: PortalUser, q: { limit?: number; offset?: number }) {
  return requestPage(db, eq(serviceRequests.clientId, me.clienteId), q, toPortalRequest);
}

/** GET /api/solicitacoes: every client's requests, newest first, paged, optionally by state. */
export function listRequests(db: Db, q: { limit?: number; offset?: number; situacao?: RequestState }) {
  return requestPage(db, q.situacao ? eq(serviceRequests.estado, q.situacao) : undefined, q, toOfficeRequest);
}

export async function officeRequest(db: Db, id: number): Promise<ServiceRequest> {
  const [r] = await baseQuery(db).where(eq(serviceRequests.id, id)).limit(1);
  if (!r) throw notFound(REQUEST_MSG.notFound);
  return toOfficeRequest(r, (await photoIdsOf(db, [id])).get(id) ?? []);
}

/** A request's photo by its id; `clientId` limits it to one client (the portal). 404 otherwise. */
export async function requestPhoto(db: Db, storage: Storage, requestId: number, photoId: number, clientId?: number) {
  const [row] = await db
    .select({ imagem: serviceRequestPhotos.imagem })
    .from(serviceRequestPhotos)
    .innerJoin(serviceRequests, eq(serviceRequests.id, serviceRequestPhotos.requestId))
    .where(
      and(
        eq(serviceRequestPhotos.id, photoId),
        eq(serviceRequestPhotos.requestId, requestId),
        clientId === undefined ? undefined : eq(serviceRequests.clientId, clientId),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return readOrNotFound(storage, row.imagem);
}

/** The client's photos of an order (docs/rules.md#portal): those of the requests it was made from, in the order sent. */
export async function orderClientPhotos(db: Db, orderId: number): Promise<OrderClientPhoto[]> {
  return db
    .select({ id: serviceRequestPhotos.id, solicitacaoId: serviceRequestPhotos.requestId })
    .from(serviceRequestPhotos)
    .innerJoin(serviceRequests, eq(serviceRequests.id, serviceRequestPhotos.requestId))
    .where(eq(serviceRequests.orderId, orderId))
    .orderBy(asc(serviceRequestPhotos.id));
}

/** One of the client's photos of an order; 404 when it is not one of them. */
export async function orderClientPhoto(db: Db, storage: Storage, orderId: number, photoId: number): Promise<Buffer> {
  const photo = (await orderClientPhotos(db, orderId)).find((p) => p.id === photoId);
  if (!photo) throw notFound();
  return requestPhoto(db, storage, photo.solicitacaoId, photoId);
}

/**
 * POST /api/solicitacoes/{id}/gerar-os: an order prefilled with the client, the equipment, the motivo and
 * responsavel = the request's contact, dated today; the request becomes 'Convertida em OS nnnnn'.
 * One statement claims the request, so two clicks never make two orders.
 */
export async function convertRequest(db: Db, user: SessionUser, id: number) {
  await officeRequest(db, id);
  const order = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(serviceRequests)
      .set({ estado: 'Convertida', decidedBy: user.id, decidedAt: new Date() })
      .where(and(eq(serviceRequests.id, id), eq(serviceRequests.estado, 'Recebida')))
      .returning();
    if (!claimed) throw conflict(REQUEST_MSG.alreadyDecided);
    // The machine may have changed hands since: then the order is left without it.
    const still = claimed.equipmentId !== null && (await isClientEquipment(tx, claimed.equipmentId, claimed.clientId));
    const motivo = [claimed.motivo, claimed.fone ? `Telefone: ${claimed.fone}` : '', `Urgência: ${claimed.urgencia}`]
      .filter(Boolean)
      .join('\n')
      .slice(0, 2000);
    const created = await createOrder(tx as unknown as Db, user, {
      data: businessToday(),
      cliente: claimed.clientId,
      responsavel: claimed.contato,
      motivo,
      equipamentoId: still ? claimed.equipmentId : null,
    });
    await tx.update(serviceRequests).set({ orderId: created.id, orderNumero: created.numero }).where(eq(serviceRequests.id, id));
    await recordAudit(tx as unknown as Db, {
      entity: 'solicitacao',
      entityId: id,
      action: 'status',
      user,
      changes: { estado: 'Convertida', os: created.numero },
    });
    return created;
  });
  return { solicitacao: await officeRequest(db, id), os: { id: order.id, numero: order.numero } };
}

/** POST /api/solicitacoes/{id}/recusar {motivo}: 'Recusada' with the reason; a decided request answers 409. */
export async function refuseRequest(db: Db, user: SessionUser, id: number, motivo: string) {
  await officeRequest(db, id);
  await db.transaction(async (tx) => {
    const [refused] = await tx
      .update(serviceRequests)
      .set({ estado: 'Recusada', motivoRecusa: motivo, decidedBy: user.id, decidedAt: new Date() })
      .where(and(eq(serviceRequests.id, id), eq(serviceRequests.estado, 'Recebida')))
      .returning({ id: serviceRequests.id });
    if (!refused) throw conflict(REQUEST_MSG.alreadyDecided);
    await recordAudit(tx as unknown as Db, {
      entity: 'solicitacao',
      entityId: id,
      action: 'status',
      user,
      changes: { estado: 'Recusada', motivo },
    });
  });
  return officeRequest(db, id);
}

/** Who the e-mails of a request go to: the contact who asked (its current address when it still exists). */
export async function requestRecipient(db: Db, id: number) {
  const [row] = await db
    .select({
      id: serviceRequests.id,
      email: serviceRequests.contactEmail,
      contactEmail: portalContacts.email,
      nome: portalContacts.nome,
      contato: serviceRequests.contato,
      clientId: serviceRequests.clientId,
      cliente: clients.razao,
    })
    .from(serviceRequests)
    .innerJoin(clients, eq(clients.id, serviceRequests.clientId))
    .leftJoin(portalContacts, eq(portalContacts.id, serviceRequests.contactId))
    .where(eq(serviceRequests.id, id))
    .limit(1);
  if (!row) return null;
  return { ...row, email: row.contactEmail ?? row.email, nome: row.nome ?? row.contato };
}
