/**
 * What the order's life cycle asks of its checklist (docs/rules.md#checklists): the template an order gets
 * from its equipment's type, the required items still unanswered (no Concluído while any is), and the
 * follow-up order each 'Não conforme' item opens when the order is concluded. The checklist tables are
 * read through db/, as the equipment's; the checklists module holds the rest.
 */
import { businessToday, equipmentTypeKey, formatRange, incompleteMessage, padNumber, type SessionUser } from '@os/shared';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  checklistAnswers,
  checklistFollowUps,
  checklistItems,
  checklistTemplates,
  equipment,
  orderChecklists,
  orders,
} from '../../db/schema';
import { conflict } from '../../platform/errors';
import { recordAudit } from '../audit/audit.service';
import { nextOrderNumber } from './orders-numbering';

/** The active template for an equipment type: the one of that type, else the one for any type. */
export async function templateForType(db: Db, tipo: string | null) {
  const key = equipmentTypeKey(tipo);
  const [template] = await db
    .select()
    .from(checklistTemplates)
    .where(
      and(
        eq(checklistTemplates.ativo, true),
        key ? or(eq(checklistTemplates.tipoKey, key), isNull(checklistTemplates.tipoKey)) : isNull(checklistTemplates.tipoKey),
      ),
    )
    .orderBy(sql`${checklistTemplates.tipoKey} is null`, desc(checklistTemplates.id))
    .limit(1);
  return template;
}

/** A new order linked to an equipment gets the checklist of the equipment's type, its newest version. */
export async function attachChecklistForEquipment(db: Db, orderId: number, equipmentId: number | null, userId: number) {
  if (!equipmentId) return;
  const [machine] = await db.select({ tipo: equipment.tipo }).from(equipment).where(eq(equipment.id, equipmentId)).limit(1);
  const template = machine && (await templateForType(db, machine.tipo));
  if (!template) return;
  await db
    .insert(orderChecklists)
    .values({ orderId, templateId: template.id, versao: template.versao, nome: template.nome, createdBy: userId })
    .onConflictDoNothing();
}

/** The texts of the order's required items without an answer, in the checklist's order. */
export async function missingRequiredItems(db: Db, orderId: number): Promise<string[]> {
  const rows = await db
    .select({ texto: checklistItems.texto })
    .from(orderChecklists)
    .innerJoin(
      checklistItems,
      and(eq(checklistItems.templateId, orderChecklists.templateId), eq(checklistItems.versao, orderChecklists.versao)),
    )
    .leftJoin(checklistAnswers, and(eq(checklistAnswers.orderId, orderId), eq(checklistAnswers.itemId, checklistItems.id)))
    .where(and(eq(orderChecklists.orderId, orderId), eq(checklistItems.obrigatorio, true), isNull(checklistAnswers.id)))
    .orderBy(asc(checklistItems.posicao));
  return rows.map((r) => r.texto);
}

/** By hand, Concluído waits for the required items: 409 'Checklist incompleto: ...'. */
export async function assertChecklistComplete(db: Db, orderId: number): Promise<void> {
  const missing = await missingRequiredItems(db, orderId);
  if (missing.length) throw conflict(incompleteMessage(missing));
}

/** The motivo of a follow-up order: the origin's number, the item, and the value with its range or the note. */
function followUpMotivo(
  numero: number,
  item: typeof checklistItems.$inferSelect,
  answer: typeof checklistAnswers.$inferSelect,
): string {
  const head = `Pendência do checklist da OS ${padNumber(numero)}: ${item.texto}`;
  if (item.tipo !== 'leitura') return `${head} — ${answer.observacao}`;
  const value = [answer.valor, item.unidade].filter(Boolean).join(' ');
  const range = formatRange({ ...item, unidade: null });
  return `${head} (${value}${range ? `; faixa ${range}` : ''})`;
}

/**
 * Each 'Não conforme' item of the concluded order `orderId` opens exactly one follow-up order (Aberto, same
 * client and equipment). The origin's row is locked first, so a replayed conclusion or another process
 * waits and then finds the follow-ups made; the unique (origin, item) index stands behind it. Call inside
 * the transaction that concludes the order.
 */
export async function openFollowUps(db: Db, user: SessionUser, orderId: number): Promise<void> {
  const [origin] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!origin) return;
  const failed = await db
    .select({ item: checklistItems, answer: checklistAnswers })
    .from(checklistAnswers)
    .innerJoin(checklistItems, eq(checklistItems.id, checklistAnswers.itemId))
    .leftJoin(
      checklistFollowUps,
      and(eq(checklistFollowUps.originOrderId, orderId), eq(checklistFollowUps.itemId, checklistAnswers.itemId)),
    )
    .where(
      and(eq(checklistAnswers.orderId, orderId), eq(checklistAnswers.resultado, 'Não conforme'), isNull(checklistFollowUps.id)),
    )
    .orderBy(asc(checklistItems.posicao));
  for (const { item, answer } of failed) {
    const numero = await nextOrderNumber(db);
    const [row] = await db
      .insert(orders)
      .values({
        numero,
        data: businessToday(),
        clientId: origin.clientId,
        responsavel: origin.responsavel,
        cidade: origin.cidade,
        equipamento: origin.equipamento,
        nrPeca: origin.nrPeca,
        nrSerie: origin.nrSerie,
        equipmentId: origin.equipmentId,
        motivo: followUpMotivo(origin.numero, item, answer),
        status: 'Aberto',
        createdBy: user.id,
      })
      .returning({ id: orders.id, numero: orders.numero, motivo: orders.motivo });
    await db.insert(checklistFollowUps).values({ originOrderId: orderId, itemId: item.id, followUpOrderId: row!.id });
    await recordAudit(db, {
      entity: 'order',
      entityId: row!.id,
      orderId: row!.id,
      action: 'create',
      user,
      changes: { numero: row!.numero, motivo: row!.motivo, origemOsId: orderId },
    });
  }
}
