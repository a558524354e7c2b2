/** Writing orders: create, update, delete, each with its audit entry (docs/rules.md#order-life-cycle). */
import {
  AGENDA_MSG,
  businessToday,
  equipmentName,
  ORDER_MSG,
  type Order,
  type OrderCreateInput,
  type OrderStatus,
  type OrderUpdateInput,
  type SessionUser,
} from '@os/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { closingOrders, orders } from '../../db/schema';
import { conflict, forbidden } from '../../platform/errors';
import { recordAgendaChange } from '../agenda/agenda-notices';
import {
  type AgendaChange,
  type AgendaListener,
  type AgendaPlan,
  agendaChangeMatters,
  nextWindow,
  storedPlan,
} from '../agenda/agenda-plan';
import { diffFields, recordAudit } from '../audit/audit.service';
import { orderForRead } from '../order-records/order-guard';
import { assertChecklistComplete, attachChecklistForEquipment, openFollowUps } from './order-checklist';
import { countOrderRecords } from './order-history';
import {
  advancePreventivePlan,
  type ConclusionListener,
  type ConclusionOutbox,
  concludes,
  finishesWork,
} from './order-lifecycle';
import { resolveClient, resolveEquipment, resolveTechnician } from './order-references';
import { getOrderView } from './orders-list';
import { nextOrderNumber } from './orders-numbering';

const AUDIT_ENTITY = 'order';

/**
 * Who hears of a committed write, after the commit; a listener never fails the write. The routes pass
 * the agenda's e-mails and the client's notice (app.ts builds both).
 */
export interface OrderListeners {
  /** A change of technician or window that a calendar must hear of (docs/rules.md#agenda). */
  onAgenda?: AgendaListener;
  /** An open order set to Concluído (docs/rules.md#portal). */
  onConcluded?: ConclusionListener;
  /** WhatsApp messages, written inside the write's own transaction (docs/rules.md#whatsapp). */
  outbox?: OrderOutbox;
}

/** The outbox of WhatsApp messages as orders see it: rows written in the transaction, a nudge after the commit. */
export interface OrderOutbox extends ConclusionOutbox {
  agenda(tx: Db, change: AgendaChange): Promise<unknown>;
}

/** The audited shape of an order: what a reader of the trail recognises (names, not ids). */
function auditSnapshot(order: Order) {
  return {
    numero: order.numero,
    data: order.data,
    cliente: order.cliente,
    responsavel: order.responsavel,
    cidade: order.cidade,
    engenheiro: order.engenheiro,
    equipamento: order.equipamento,
    nr_peca: order.nr_peca,
    nr_serie: order.nr_serie,
    motivo: order.motivo,
    status: order.status,
    endDate: order.endDate,
    agendaInicio: order.agendaInicio,
    agendaFim: order.agendaFim,
    equipamentoId: order.equipamentoId,
  };
}

/**
 * Concluído and Fechado come from the life cycle or the closing; by hand only an admin sets them
 * (docs/rules.md#order-life-cycle). Sending the status an order already has is no change.
 */
function assertMaySetStatus(user: SessionUser, status: OrderStatus | undefined, current: OrderStatus | null) {
  if (user.role === 'admin' || status === undefined || status === current) return;
  if (status === 'Concluído' || status === 'Fechado') throw forbidden(ORDER_MSG.finishAdminOnly);
}

/** Decision: reaching Concluído or Fechado without an end date stamps today (the engineer card shows it). */
function endDateFor(status: OrderStatus, given: string | null | undefined, current: string | null): string | null {
  if (given !== undefined) return given || null;
  if ((status === 'Concluído' || status === 'Fechado') && !current) return businessToday();
  return current;
}

/** Creates an order; its numero comes from orders-numbering.ts. `preventiva`: made by a maintenance plan. */
export async function createOrder(
  db: Db,
  user: SessionUser,
  input: OrderCreateInput,
  options: Pick<OrderListeners, 'onAgenda' | 'outbox'> & { preventiva?: boolean } = {},
): Promise<Order> {
  const client = await resolveClient(db, input.cliente);
  const technicianId = await resolveTechnician(db, input.engenheiro);
  assertMaySetStatus(user, input.status, null);
  const status = input.status ?? 'Aberto';
  const linked = await resolveEquipment(db, input.equipamentoId ?? null, client.id);
  const window = nextWindow({ agendaInicio: null, agendaFim: null }, input);
  const plan: AgendaPlan = { technicianId, ...window };
  const announced = agendaChangeMatters(null, plan);
  const planned = (order: Order): AgendaChange => ({
    orderId: order.id,
    numero: order.numero,
    sequence: 1,
    before: null,
    after: plan,
    user,
  });
  const created = await db.transaction(async (tx) => {
    const numero = await nextOrderNumber(tx as unknown as Db);
    const [row] = await tx
      .insert(orders)
      .values({
        numero,
        data: input.data,
        clientId: client.id,
        responsavel: input.responsavel ?? '',
        cidade: input.cidade || client.cidade,
        technicianId,
        equipamento: input.equipamento ?? (linked ? equipmentName(linked) : ''),
        nrPeca: input.nr_peca ?? '',
        nrSerie: input.nr_serie ?? linked?.numeroSerie ?? '',
        equipmentId: linked?.id ?? null,
        preventiva: options.preventiva ?? false,
        motivo: input.motivo ?? '',
        status,
        endDate: endDateFor(status, input.endDate, null),
        agendaInicio: window.agendaInicio,
        agendaFim: window.agendaFim,
        agendaSequencia: announced ? 1 : 0,
        createdBy: user.id,
      })
      .returning({ id: orders.id });
    // docs/rules.md#checklists: an open order for an equipment gets its type's checklist.
    if (status === 'Aberto' || status === 'Andamento')
      await attachChecklistForEquipment(tx as unknown as Db, row!.id, linked?.id ?? null, user.id);
    // The audit entry commits with the order, or neither does (nothing without a trace).
    const order = (await getOrderView(tx as unknown as Db, row!.id))!;
    await recordAudit(tx as unknown as Db, {
      entity: AUDIT_ENTITY,
      entityId: order.id,
      orderId: order.id,
      action: 'create',
      user,
      changes: auditSnapshot(order),
    });
    // docs/rules.md#notices-that-settle: the notice waits from the commit; docs/rules.md#whatsapp: the messages
    // commit with the change, or neither does.
    if (announced) {
      await recordAgendaChange(tx as unknown as Db, planned(order));
      await options.outbox?.agenda(tx as unknown as Db, planned(order));
    }
    return order;
  });
  if (announced) {
    options.onAgenda?.(planned(created));
    options.outbox?.written();
  }
  return created;
}

/** Updates the fields sent; a Fechado order only by an admin (docs/rules.md#api-conventions: 403 otherwise). */
export async function updateOrder(
  db: Db,
  user: SessionUser,
  id: number,
  input: OrderUpdateInput,
  listeners: OrderListeners = {},
): Promise<Order> {
  await orderForRead(db, user, id);
  const client = input.cliente !== undefined ? await resolveClient(db, input.cliente) : undefined;
  const technicianId = input.engenheiro !== undefined ? await resolveTechnician(db, input.engenheiro) : undefined;
  let change: AgendaChange | undefined;
  let concluded = false;
  const updated = await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // The row is locked so two edits at the same moment each record the other's result as their "before";
    // the audit entry commits with the change, or neither does.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
    const before = (await getOrderView(tx, id))!;
    if (before.status === 'Fechado' && user.role !== 'admin') throw forbidden(ORDER_MSG.closedAdminOnly);
    assertMaySetStatus(user, input.status, before.status);
    const status = input.status ?? before.status;
    // docs/rules.md#equipment: the linked equipment belongs to the order's client (kept or changed).
    const equipmentId = input.equipamentoId !== undefined ? input.equipamentoId : before.equipamentoId;
    const linked =
      input.equipamentoId !== undefined || client
        ? await resolveEquipment(tx, equipmentId, client?.id ?? before.clienteId)
        : undefined;
    // docs/rules.md#checklists: by hand, Concluído waits for the checklist's required items (409).
    if (concludes(before.status, status)) await assertChecklistComplete(tx, id);
    const planBefore = await storedPlan(tx, id);
    const window = nextWindow(planBefore, input);
    const planAfter: AgendaPlan = {
      technicianId: technicianId !== undefined ? technicianId : planBefore.technicianId,
      ...window,
    };
    const windowMoved = window.agendaInicio !== planBefore.agendaInicio || window.agendaFim !== planBefore.agendaFim;
    // docs/rules.md#agenda: a Concluído or Fechado order keeps its window (409).
    if (windowMoved && (status === 'Concluído' || status === 'Fechado')) throw conflict(AGENDA_MSG.closedOrder);
    const announced = agendaChangeMatters(planBefore, planAfter);
    const sequence = announced ? planBefore.sequence + 1 : planBefore.sequence;
    await tx
      .update(orders)
      .set({
        data: input.data,
        clientId: client?.id,
        responsavel: input.responsavel,
        cidade: input.cidade,
        technicianId,
        equipamento: input.equipamento ?? (linked && input.equipamentoId !== undefined ? equipmentName(linked) : undefined),
        nrPeca: input.nr_peca,
        nrSerie: input.nr_serie ?? (linked && input.equipamentoId !== undefined ? linked.numeroSerie : undefined),
        equipmentId: input.equipamentoId,
        motivo: input.motivo,
        status: input.status,
        endDate: endDateFor(status, input.endDate, before.endDate),
        agendaInicio: window.agendaInicio,
        agendaFim: window.agendaFim,
        agendaSequencia: sequence,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, id));
    const after = (await getOrderView(tx, id))!;
    if (finishesWork(before.status, after.status)) await advancePreventivePlan(tx, id);
    concluded = concludes(before.status, after.status);
    if (concluded) await openFollowUps(tx, user, id);
    const changes = diffFields(auditSnapshot(before), auditSnapshot(after));
    if (Object.keys(changes).length) {
      await recordAudit(tx, { entity: AUDIT_ENTITY, entityId: id, orderId: id, action: 'update', user, changes });
    }
    if (announced) {
      change = { orderId: id, numero: after.numero, sequence, before: planBefore, after: planAfter, user };
      await recordAgendaChange(tx, change);
    }
    // docs/rules.md#whatsapp: the messages commit with the change, or neither does.
    if (change) await listeners.outbox?.agenda(tx, change);
    if (concluded) await listeners.outbox?.concluded(tx, id, user);
    return after;
  });
  if (change) listeners.onAgenda?.(change);
  if (concluded) listeners.onConcluded?.(id, user);
  if (change || concluded) listeners.outbox?.written();
  return updated;
}

/** Deletes an order and its records (cascade); the audit entry keeps the order and the counts. */
export async function deleteOrder(
  db: Db,
  user: SessionUser,
  id: number,
  listeners: Pick<OrderListeners, 'onAgenda' | 'outbox'> = {},
): Promise<void> {
  await orderForRead(db, user, id);
  const [inClosing] = await db
    .select({ id: closingOrders.closingId })
    .from(closingOrders)
    .where(eq(closingOrders.orderId, id))
    .limit(1);
  if (inClosing) throw conflict(ORDER_MSG.inClosing);
  const order = (await getOrderView(db, id))!;
  const records = await countOrderRecords(db, id);
  const plan = await storedPlan(db, id);
  // The technician's calendar loses the visit with the order.
  const change: AgendaChange | undefined = agendaChangeMatters(plan, null)
    ? { orderId: id, numero: order.numero, sequence: plan.sequence + 1, before: plan, after: null, user }
    : undefined;
  await db.transaction(async (tx) => {
    // Messages of its plan still waiting go with the order.
    if (agendaChangeMatters(plan, null))
      await listeners.outbox?.agenda(tx as unknown as Db, {
        orderId: id,
        numero: order.numero,
        sequence: plan.sequence + 1,
        before: plan,
        after: null,
        user,
      });
    await tx.delete(orders).where(eq(orders.id, id));
    if (change) await recordAgendaChange(tx as unknown as Db, change);
    await recordAudit(tx as unknown as Db, {
      entity: AUDIT_ENTITY,
      entityId: id,
      orderId: id,
      action: 'delete',
      user,
      changes: { ...auditSnapshot(order), registros: records },
    });
  });
  if (change) listeners.onAgenda?.(change);
}
