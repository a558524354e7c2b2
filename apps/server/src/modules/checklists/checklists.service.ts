/** An order's checklist and its answers, a record kind of the order (docs/rules.md#checklists). */
import {
  CHECKLIST_MSG,
  type ChecklistAnswer,
  type checklistAnswerSchema,
  evidenceMissing,
  judgeAnswer,
  type OrderChecklist,
  type SessionUser,
} from '@os/shared';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  checklistAnswers,
  checklistFollowUps,
  checklistItems,
  checklistTemplates,
  orderChecklists,
  orders,
  users,
} from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors';
import { preparePhoto } from '../../platform/files';
import { once } from '../../platform/idempotency';
import { type Storage, storedName } from '../../platform/storage';
import { recordAudit } from '../audit/audit.service';
import { MSG_ORDER_CLOSED, orderForRead } from '../order-records/order-guard';
import { recordKind } from '../order-records/record-kind';
import { type ConclusionListener, completeIfSignedAndReturned } from '../orders/order-lifecycle';
import { itemsOf, toTemplateItem } from './checklist-templates';

type AnswerRow = typeof checklistAnswers.$inferSelect & { respondidoPor: string | null };

const toResposta = (row: AnswerRow): ChecklistAnswer => ({
  valor: row.valor,
  resultado: row.resultado,
  observacao: row.observacao,
  foto: row.foto ? row.foto.replace(/^uploads\//, '') : null,
  respondidoPor: row.respondidoPor,
  respondidoEm: row.respondidoEm.toISOString(),
});

/** The answers with the name of who answered. */
const readAnswers = (db: Db, where: ReturnType<typeof eq>) =>
  db
    .select({ ...getTableColumns(checklistAnswers), respondidoPor: users.nomeCompleto })
    .from(checklistAnswers)
    .leftJoin(users, eq(users.id, checklistAnswers.createdBy))
    .where(where)
    .orderBy(asc(checklistAnswers.id)) as unknown as Promise<AnswerRow[]>;

/** The answer to an item of an order's checklist (docs/style.md#a-record-kind-of-an-order). */
const answerKind = recordKind(checklistAnswers, 'checklist_resposta', {
  listedBy: [checklistAnswers.id],
  present: toResposta,
  read: (db, where) => readAnswers(db, where as ReturnType<typeof eq>),
});

/** The order's checklist row (null when it has none). */
async function checklistRow(db: Db, orderId: number) {
  const [row] = await db.select().from(orderChecklists).where(eq(orderChecklists.orderId, orderId)).limit(1);
  return row ?? null;
}

/** The checklist as GET /api/os/{id}/checklist answers it, or null; no access check. */
export async function loadOrderChecklist(db: Db, orderId: number): Promise<OrderChecklist | null> {
  const row = await checklistRow(db, orderId);
  if (!row) return null;
  const [items, answers, pendencias] = await Promise.all([
    itemsOf(db, row.templateId, row.versao),
    readAnswers(db, eq(checklistAnswers.orderId, orderId)),
    db
      .select({ osId: orders.id, numero: orders.numero, itemId: checklistFollowUps.itemId })
      .from(checklistFollowUps)
      .innerJoin(orders, eq(orders.id, checklistFollowUps.followUpOrderId))
      .where(eq(checklistFollowUps.originOrderId, orderId))
      .orderBy(asc(orders.numero)),
  ]);
  const byItem = new Map(answers.map((a) => [a.itemId, toResposta(a)]));
  const itens = items.map((item) => ({ ...toTemplateItem(item), resposta: byItem.get(item.id) ?? null }));
  return {
    modeloId: row.templateId,
    nome: row.nome,
    versao: row.versao,
    itens,
    respondidos: itens.filter((i) => i.resposta).length,
    total: itens.length,
    naoConformes: itens.filter((i) => i.resposta?.resultado === 'Não conforme').length,
    pendencias,
  };
}

export async function getOrderChecklist(db: Db, user: SessionUser, orderId: number): Promise<OrderChecklist | null> {
  await orderForRead(db, user, orderId);
  return loadOrderChecklist(db, orderId);
}

/** GET /api/os/{id}/checklist/origem: the order and item whose 'Não conforme' opened this follow-up order, or null. */
export async function checklistOrigin(db: Db, user: SessionUser, orderId: number) {
  await orderForRead(db, user, orderId);
  const [row] = await db
    .select({ osId: orders.id, numero: orders.numero, itemTexto: checklistItems.texto })
    .from(checklistFollowUps)
    .innerJoin(orders, eq(orders.id, checklistFollowUps.originOrderId))
    .innerJoin(checklistItems, eq(checklistItems.id, checklistFollowUps.itemId))
    .where(eq(checklistFollowUps.followUpOrderId, orderId))
    .limit(1);
  return row ?? null;
}

/** POST /api/os/{id}/checklist: the office or the order's technician adds an active template; one per order (409). */
export async function attachChecklist(db: Db, user: SessionUser, orderId: number, modeloId: number): Promise<OrderChecklist> {
  const order = await orderForRead(db, user, orderId);
  if (order.status === 'Fechado') throw conflict(MSG_ORDER_CLOSED);
  const [template] = await db
    .select()
    .from(checklistTemplates)
    .where(and(eq(checklistTemplates.id, modeloId), eq(checklistTemplates.ativo, true)))
    .limit(1);
  if (!template) throw badRequest(CHECKLIST_MSG.templateRequired, 'modeloId');
  try {
    await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      await tx
        .insert(orderChecklists)
        .values({ orderId, templateId: template.id, versao: template.versao, nome: template.nome, createdBy: user.id });
      const changes = { modelo: template.nome, versao: template.versao };
      await recordAudit(tx, { entity: 'checklist', entityId: orderId, orderId, action: 'create', user, changes });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(CHECKLIST_MSG.alreadyAttached);
    throw err;
  }
  return (await loadOrderChecklist(db, orderId))!;
}

type AnswerInput = z.output<typeof checklistAnswerSchema>;

/** The item `itemId` of the order's checklist version (400 when it belongs to another order or version). */
async function itemOfOrder(db: Db, orderId: number, itemId: number) {
  const row = await checklistRow(db, orderId);
  if (!row) throw notFound(CHECKLIST_MSG.noChecklist);
  const [item] = await db
    .select()
    .from(checklistItems)
    .where(
      and(eq(checklistItems.id, itemId), eq(checklistItems.templateId, row.templateId), eq(checklistItems.versao, row.versao)),
    )
    .limit(1);
  if (!item) throw badRequest(CHECKLIST_MSG.itemElsewhere, 'itemId');
  return item;
}

/**
 * PUT /api/os/{id}/checklist/itens/{itemId}: the answer judged by the server (docs/rules.md#checklists), once
 * per Idempotency-Key, replacing an earlier answer to the item. The order's technician, an admin or a standard
 * user answers (a technician only their own orders). Answering the last required item of a signed order with
 * its return trip concludes it, and `concluded` is told after the commit.
 */
export async function answerItem(
  db: Db,
  storage: Storage,
  user: SessionUser,
  target: { orderId: number; itemId: number },
  input: AnswerInput,
  photo: Buffer | undefined,
  key: string | undefined,
  concluded?: ConclusionListener,
): Promise<ChecklistAnswer> {
  const written = await once<AnswerRow, { resposta: ChecklistAnswer; finished: boolean }>({
    key,
    userId: user.id,
    find: async (k) => (await readAnswers(db, eq(checklistAnswers.idempotencyKey, k)))[0],
    present: (row) => ({ resposta: answerKind.present(row), finished: false }),
    create: () => writeAnswer(db, storage, user, target, { input, photo, key }),
  });
  if (written.finished) concluded?.(target.orderId, user);
  return written.resposta;
}

/** The answer's write: judged, its photo stored, upserted with its audit entry, and the conclusion it may bring. */
async function writeAnswer(
  db: Db,
  storage: Storage,
  user: SessionUser,
  { orderId, itemId }: { orderId: number; itemId: number },
  { input, photo, key }: { input: AnswerInput; photo: Buffer | undefined; key: string | undefined },
): Promise<{ resposta: ChecklistAnswer; finished: boolean }> {
  const order = await orderForRead(db, user, orderId);
  if (order.status === 'Fechado') throw conflict(MSG_ORDER_CLOSED);
  const item = await itemOfOrder(db, orderId, itemId);
  const judged = judgeAnswer(item, input.valor);
  if (!judged.ok) throw badRequest(judged.error, 'valor');
  const [before] = await readAnswers(db, and(eq(checklistAnswers.orderId, orderId), eq(checklistAnswers.itemId, itemId))!);
  const missing = evidenceMissing(item, judged.resultado, input.observacao, Boolean(photo || before?.foto));
  if (missing) throw badRequest(missing, missing === CHECKLIST_MSG.photoRequired ? 'foto' : 'observacao');
  const prepared = photo
    ? await preparePhoto(photo, { tooLarge: CHECKLIST_MSG.photoTooLarge, notImage: CHECKLIST_MSG.photoNotImage })
    : undefined;
  const foto = prepared
    ? await storage.put('uploads', prepared, storedName(`checklist${order.id}`, 'jpg'))
    : (before?.foto ?? null);
  const values = { valor: judged.valor, numero: judged.numero, resultado: judged.resultado, observacao: input.observacao, foto };
  let finished = false;
  try {
    const id = await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const [row] = await tx
        .insert(checklistAnswers)
        .values({ ...values, orderId, itemId, createdBy: user.id, idempotencyKey: key ?? null })
        .onConflictDoUpdate({
          target: [checklistAnswers.orderId, checklistAnswers.itemId],
          set: { ...values, createdBy: user.id, idempotencyKey: key ?? null, respondidoEm: sql`now()`, updatedAt: sql`now()` },
        })
        .returning({ id: checklistAnswers.id });
      const changes = before ? { antes: toResposta(before), depois: values } : { item: item.texto, ...values };
      const action = before ? 'update' : 'create';
      await recordAudit(tx, { entity: answerKind.entity, entityId: row!.id, orderId, action, user, changes });
      if (order.status === 'Andamento' || order.status === 'Aberto')
        finished = await completeIfSignedAndReturned(tx, user, orderId);
      return row!.id;
    });
    if (prepared && before?.foto) await storage.remove(before.foto);
    return { resposta: toResposta((await readAnswers(db, eq(checklistAnswers.id, id)))[0]!), finished };
  } catch (err) {
    if (prepared && foto) await storage.remove(foto);
    throw err;
  }
}
