import {
  businessToday,
  type DueMaintenance,
  equipmentLabel,
  MAINT_MSG,
  type MaintenanceGenerated,
  type MaintenanceGenerateInput,
  type PreventiveOrderRef,
  padNumber,
  type SessionUser,
} from '@os/shared';
import { and, asc, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsBy } from '../../db/rows-by';
import { clients, equipment, orders, users } from '../../db/schema';
import { badRequest, conflict } from '../../platform/errors';
import { createOrder } from '../orders/orders.service';
import { toEquipment } from './equipment.service';

const OPEN = new Set(['Aberto', 'Andamento']);
const DONE = new Set(['Concluído', 'Fechado']);

/** The last preventive order done: Concluído or Fechado, the latest end (or day) first. */
export function lastDone(list: PreventiveOrderRef[]): PreventiveOrderRef | null {
  const done = list.filter((o) => DONE.has(o.status));
  done.sort((a, b) => (b.endDate ?? b.data).localeCompare(a.endDate ?? a.data) || b.numero - a.numero);
  return done[0] ?? null;
}

/**
 * The last technician of each equipment (docs/rules.md#equipment): the active technician of its newest
 * order that has one, by equipment.
 */
async function lastTechnicians(db: Db, equipmentIds: number[]): Promise<Map<number, { id: number; nome: string }>> {
  const found = new Map<number, { id: number; nome: string }>();
  if (!equipmentIds.length) return found;
  const rows = await db
    .selectDistinctOn([orders.equipmentId], {
      equipmentId: orders.equipmentId,
      id: users.id,
      nome: users.nomeCompleto,
      username: users.username,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.technicianId))
    .where(and(inArray(orders.equipmentId, equipmentIds), eq(users.active, true)))
    .orderBy(orders.equipmentId, desc(orders.data), desc(orders.numero));
  for (const r of rows) found.set(r.equipmentId!, { id: r.id, nome: r.nome || r.username });
  return found;
}

/** The preventive orders of these equipment, newest first, by equipment. */
async function preventiveOrders(db: Db, equipmentIds: number[]) {
  if (equipmentIds.length === 0) return new Map<number, PreventiveOrderRef[]>();
  const rows = await db
    .select({
      equipmentId: orders.equipmentId,
      id: orders.id,
      numero: orders.numero,
      data: orders.data,
      status: orders.status,
      endDate: orders.endDate,
    })
    .from(orders)
    .where(and(eq(orders.preventiva, true), inArray(orders.equipmentId, equipmentIds)))
    .orderBy(desc(orders.data), desc(orders.numero));
  return rowsBy(rows, 'equipmentId');
}

/**
 * GET /api/manutencoes/previstas (docs/rules.md#equipment): active equipment with a plan whose next visit
 * is due by `ate` (today when left out), earliest first (so the overdue come first), with the client, the
 * last preventive order and the open one, if any.
 */
export async function listDueMaintenance(db: Db, ate?: string): Promise<DueMaintenance[]> {
  const today = businessToday();
  const rows = await db
    .select({ row: equipment, cliente: clients.razao })
    .from(equipment)
    .innerJoin(clients, eq(clients.id, equipment.clientId))
    .where(
      and(
        eq(equipment.ativo, true),
        isNotNull(equipment.periodicidadeMeses),
        isNotNull(equipment.proximaManutencao),
        lte(equipment.proximaManutencao, ate ?? today),
      ),
    )
    .orderBy(asc(equipment.proximaManutencao), asc(clients.razao), asc(equipment.id));
  const ids = rows.map((r) => r.row.id);
  const [preventive, technicians] = await Promise.all([preventiveOrders(db, ids), lastTechnicians(db, ids)]);
  return rows.map(({ row, cliente }) => {
    const list = preventive.get(row.id) ?? [];
    return {
      ...toEquipment(row, cliente),
      atrasada: row.proximaManutencao! < today,
      ultimaPreventiva: lastDone(list),
      tecnico: technicians.get(row.id) ?? null,
      preventivaAberta: list.find((o) => OPEN.has(o.status)) ?? null,
    };
  });
}

/**
 * The technician of each new preventive order: the one chosen on the due list (an active user, else 400),
 * otherwise the equipment's last technician.
 */
async function chosenTechnicians(db: Db, ids: number[], chosen: MaintenanceGenerateInput['tecnicos']) {
  const last = await lastTechnicians(db, ids);
  const result = new Map<number, number | null>(ids.map((id) => [id, last.get(id)?.id ?? null]));
  const picks = Object.entries(chosen ?? {}).map(([id, tecnico]) => [Number(id), tecnico] as const);
  const named = picks.flatMap(([, tecnico]) => (tecnico ? [tecnico] : []));
  if (named.length) {
    const active = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, named), eq(users.active, true)));
    if (active.length !== new Set(named).size) throw badRequest(MAINT_MSG.technician, 'tecnicos');
  }
  for (const [id, tecnico] of picks) if (result.has(id)) result.set(id, tecnico);
  return result;
}

/**
 * POST /api/manutencoes/gerar (docs/rules.md#equipment): one Aberto order per equipment, motivo 'Manutenção
 * preventiva', dated the given day or the equipment's next visit (today when it has none). All or nothing
 * (docs/decisions.md): an unknown or inactive equipment (400) or one with an open preventive order (409)
 * creates no order at all. The equipment rows stay locked until the orders are written, so two clerks
 * generating at once cannot both open an order for the same machine.
 */
export async function generatePreventiveOrders(
  db: Db,
  user: SessionUser,
  input: MaintenanceGenerateInput,
): Promise<MaintenanceGenerated> {
  const ids = [...new Set(input.equipamentoIds)];
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const rows = await tx.select().from(equipment).where(inArray(equipment.id, ids)).orderBy(asc(equipment.id)).for('update');
    if (rows.length !== ids.length) throw badRequest(MAINT_MSG.notFound, 'equipamentoIds');
    if (rows.some((r) => !r.ativo)) throw badRequest(MAINT_MSG.inactive, 'equipamentoIds');
    const preventive = await preventiveOrders(tx, ids);
    const busy = rows.flatMap((r) => {
      const open = preventive.get(r.id)?.find((o) => OPEN.has(o.status));
      return open ? [`${equipmentLabel(r)} (OS ${padNumber(open.numero)})`] : [];
    });
    if (busy.length) throw conflict(`${MAINT_MSG.openExists}: ${busy.join('; ')}.`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const technicians = await chosenTechnicians(tx, ids, input.tecnicos);
    // The client's contact answers for the visit, as 'Nova OS' fills it (docs/rules.md#daily-use).
    const contacts = new Map(
      (
        await tx
          .select({ id: clients.id, contato: clients.contato })
          .from(clients)
          .where(inArray(clients.id, [...new Set(rows.map((r) => r.clientId))]))
      ).map((c) => [c.id, c.contato]),
    );
    const criadas: MaintenanceGenerated['criadas'] = [];
    for (const id of ids) {
      const e = byId.get(id)!;
      const data = input.data ?? e.proximaManutencao ?? businessToday();
      const order = await createOrder(
        tx,
        user,
        {
          data,
          cliente: e.clientId,
          responsavel: contacts.get(e.clientId) ?? '',
          equipamentoId: e.id,
          motivo: MAINT_MSG.motivo,
          engenheiro: technicians.get(id) ?? null,
        },
        { preventiva: true },
      );
      criadas.push({ equipamentoId: e.id, osId: order.id, numero: order.numero, data });
    }
    return { criadas };
  });
}
