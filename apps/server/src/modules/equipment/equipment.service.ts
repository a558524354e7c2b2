import {
  addMonths,
  EQUIP_MSG,
  type Equipment,
  type EquipmentHistoryEntry,
  type EquipmentInput,
  type EquipmentListQuery,
  type SessionUser,
} from '@os/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsBy } from '../../db/rows-by';
import { clients, descriptions, equipment, orders, users } from '../../db/schema';
import { containsFolded } from '../../db/search';
import { badRequest, conflict, isUniqueViolation, notFound, refuseTaken } from '../../platform/errors';
import { diffFields, recordAudit } from '../audit/audit.service';

type EquipmentRow = typeof equipment.$inferSelect;

const columns = {
  row: equipment,
  cliente: clients.razao,
};

export function toEquipment(row: EquipmentRow, cliente: string): Equipment {
  return {
    id: row.id,
    clienteId: row.clientId,
    cliente,
    tipo: row.tipo,
    fabricante: row.fabricante,
    modelo: row.modelo,
    numeroSerie: row.numeroSerie,
    local: row.local,
    dataInstalacao: row.dataInstalacao,
    periodicidadeMeses: row.periodicidadeMeses,
    proximaManutencao: row.proximaManutencao,
    ativo: row.ativo,
    obs: row.obs,
  };
}

function auditFields(e: Equipment) {
  const { id: _id, cliente: _cliente, ...fields } = e;
  return fields;
}

/** docs/rules.md#equipment: search over tipo, fabricante, modelo and serial, accents and case ignored. */
function listConditions(query: EquipmentListQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (query.cliente !== undefined) parts.push(eq(equipment.clientId, query.cliente));
  if (query.ativo !== undefined) parts.push(eq(equipment.ativo, query.ativo === 'true'));
  const term = query.search?.trim();
  if (term) {
    parts.push(
      containsFolded(
        sql`(${equipment.tipo} || ' ' || ${equipment.fabricante} || ' ' || ${equipment.modelo} || ' ' || ${equipment.numeroSerie})`,
        term,
      ),
    );
  }
  return parts.length ? and(...parts) : undefined;
}

export async function listEquipment(db: Db, query: EquipmentListQuery) {
  const where = listConditions(query);
  const [total] = await db.select({ n: count() }).from(equipment).where(where);
  let select = db
    .select(columns)
    .from(equipment)
    .innerJoin(clients, eq(clients.id, equipment.clientId))
    .where(where)
    .orderBy(asc(clients.razao), asc(equipment.tipo), asc(equipment.fabricante), asc(equipment.modelo), asc(equipment.id))
    .$dynamic();
  if (query.limit !== undefined) select = select.limit(query.limit);
  if (query.offset !== undefined) select = select.offset(query.offset);
  const rows = await select;
  return { items: rows.map((r) => toEquipment(r.row, r.cliente)), total: total?.n ?? 0 };
}

export async function getEquipment(db: Db, id: number): Promise<Equipment> {
  const [r] = await db
    .select(columns)
    .from(equipment)
    .innerJoin(clients, eq(clients.id, equipment.clientId))
    .where(eq(equipment.id, id))
    .limit(1);
  if (!r) throw notFound();
  return toEquipment(r.row, r.cliente);
}

async function clientName(db: Db, clientId: number): Promise<string> {
  const [c] = await db.select({ razao: clients.razao }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!c) throw badRequest(EQUIP_MSG.clientNotFound, 'clienteId');
  return c.razao;
}

async function assertSerialFree(db: Db, input: EquipmentInput, exceptId?: number) {
  const same = and(
    sql`lower(${equipment.fabricante}) = lower(${input.fabricante})`,
    sql`lower(${equipment.numeroSerie}) = lower(${input.numeroSerie})`,
  );
  await refuseTaken(db, equipment, same, EQUIP_MSG.duplicateSerial, exceptId);
}

async function refuseDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EQUIP_MSG.duplicateSerial);
    throw err;
  }
}

/**
 * The next preventive visit (docs/rules.md#equipment): as typed; else kept while the plan is unchanged;
 * else the installation day plus the periodicity; no plan, no date.
 */
function nextMaintenance(input: EquipmentInput, before?: Equipment): string | null {
  if (input.periodicidadeMeses === null) return null;
  if (input.proximaManutencao) return input.proximaManutencao;
  if (before?.proximaManutencao && before.periodicidadeMeses === input.periodicidadeMeses) return before.proximaManutencao;
  return input.dataInstalacao ? addMonths(input.dataInstalacao, input.periodicidadeMeses) : null;
}

function toColumns(input: EquipmentInput, before?: Equipment) {
  return {
    clientId: input.clienteId,
    tipo: input.tipo,
    fabricante: input.fabricante,
    modelo: input.modelo,
    numeroSerie: input.numeroSerie,
    local: input.local,
    dataInstalacao: input.dataInstalacao,
    periodicidadeMeses: input.periodicidadeMeses,
    proximaManutencao: nextMaintenance(input, before),
    ativo: input.ativo,
    obs: input.obs,
  };
}

export async function createEquipment(db: Db, user: SessionUser, input: EquipmentInput): Promise<Equipment> {
  const cliente = await clientName(db, input.clienteId);
  await assertSerialFree(db, input);
  return refuseDuplicates(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(equipment).values(toColumns(input)).returning();
      const created = toEquipment(row!, cliente);
      await recordAudit(tx as Db, {
        entity: 'equipment',
        entityId: created.id,
        action: 'create',
        user,
        changes: auditFields(created),
      });
      return created;
    }),
  );
}

export async function updateEquipment(db: Db, user: SessionUser, id: number, input: EquipmentInput): Promise<Equipment> {
  const before = await getEquipment(db, id);
  const cliente = await clientName(db, input.clienteId);
  if (input.clienteId !== before.clienteId) {
    // Its orders belong to the old client (docs/rules.md#equipment): the machine cannot change hands under them.
    const [used] = await db.select({ id: orders.id }).from(orders).where(eq(orders.equipmentId, id)).limit(1);
    if (used) throw conflict(EQUIP_MSG.clientChangeInUse);
  }
  await assertSerialFree(db, input, id);
  return refuseDuplicates(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(equipment)
        .set({ ...toColumns(input, before), updatedAt: new Date() })
        .where(eq(equipment.id, id))
        .returning();
      const after = toEquipment(row!, cliente);
      const changes = diffFields(auditFields(before), auditFields(after));
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx as Db, { entity: 'equipment', entityId: id, action: 'update', user, changes });
      }
      return after;
    }),
  );
}

/** Refused with 409 while orders refer to it: deactivate it instead (docs/rules.md#equipment). */
export async function deleteEquipment(db: Db, user: SessionUser, id: number): Promise<void> {
  const before = await getEquipment(db, id);
  const [used] = await db.select({ id: orders.id }).from(orders).where(eq(orders.equipmentId, id)).limit(1);
  if (used) throw conflict(EQUIP_MSG.inUse);
  await db.transaction(async (tx) => {
    await tx.delete(equipment).where(eq(equipment.id, id));
    await recordAudit(tx as Db, { entity: 'equipment', entityId: id, action: 'delete', user, changes: auditFields(before) });
  });
}

/** docs/rules.md#equipment: the equipment's orders, newest first, each with its descriptions and photos. */
export async function equipmentHistory(db: Db, id: number): Promise<EquipmentHistoryEntry[]> {
  await getEquipment(db, id);
  const rows = await ordersOfEquipment(db, id);
  const notes = await descriptionsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ tecnico, ...r }) => ({
    ...r,
    engenheiroNome: tecnico,
    descricoes: (notes.get(r.id) ?? []).map(({ imagem, ...n }) => ({
      ...n,
      imagem: imagem ? imagem.replace(/^uploads\//, '') : null,
    })),
  }));
}

/** An equipment's orders, newest first, with the technician's name; `clientId` keeps one client's only. */
export function ordersOfEquipment(db: Db, id: number, clientId?: number) {
  return db
    .select({
      id: orders.id,
      numero: orders.numero,
      data: orders.data,
      status: orders.status,
      tecnico: sql<string>`coalesce(nullif(${users.nomeCompleto}, ''), ${users.username}, '')`,
      motivo: orders.motivo,
      endDate: orders.endDate,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.technicianId))
    .where(and(eq(orders.equipmentId, id), clientId === undefined ? undefined : eq(orders.clientId, clientId)))
    .orderBy(desc(orders.data), desc(orders.numero));
}

/** The descriptions of those orders, oldest first, by order id: what an equipment's history shows of each visit. */
export async function descriptionsOf(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, { id: number; data: string; descricao: string; imagem: string | null }[]>();
  const notes = await db
    .select({
      id: descriptions.id,
      orderId: descriptions.orderId,
      data: descriptions.data,
      descricao: descriptions.descricao,
      imagem: descriptions.imagem,
    })
    .from(descriptions)
    .where(inArray(descriptions.orderId, orderIds))
    .orderBy(asc(descriptions.data), asc(descriptions.id));
  return rowsBy(notes, 'orderId');
}
