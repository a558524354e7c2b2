/** Checklist templates (docs/rules.md#checklists): read by every role, written by admins, versioned once used. */
import {
  CHECKLIST_MSG,
  type ChecklistTemplate,
  type ChecklistTemplateInput,
  type ChecklistTemplateItem,
  equipmentTypeKey,
  type SessionUser,
} from '@os/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checklistItems, checklistTemplates, orderChecklists } from '../../db/schema';
import { conflict, firstOrNotFound, isUniqueViolation, refuseTaken } from '../../platform/errors';
import { recordAudit } from '../audit/audit.service';

type TemplateRow = typeof checklistTemplates.$inferSelect;
type ItemRow = typeof checklistItems.$inferSelect;

export const toTemplateItem = (row: ItemRow): ChecklistTemplateItem => ({
  id: row.id,
  texto: row.texto,
  tipo: row.tipo,
  unidade: row.unidade,
  minimo: row.minimo,
  maximo: row.maximo,
  opcoes: row.opcoes,
  obrigatorio: row.obrigatorio,
  fotoObrigatoria: row.fotoObrigatoria,
});

/** The items of one version of a template, in their order. */
export function itemsOf(db: Db, templateId: number, versao: number): Promise<ItemRow[]> {
  return db
    .select()
    .from(checklistItems)
    .where(and(eq(checklistItems.templateId, templateId), eq(checklistItems.versao, versao)))
    .orderBy(asc(checklistItems.posicao));
}

async function present(db: Db, rows: TemplateRow[]): Promise<ChecklistTemplate[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const items = await db
    .select()
    .from(checklistItems)
    .where(inArray(checklistItems.templateId, ids))
    .orderBy(asc(checklistItems.posicao));
  const used = await db
    .selectDistinct({ templateId: orderChecklists.templateId })
    .from(orderChecklists)
    .where(inArray(orderChecklists.templateId, ids));
  const inUse = new Set(used.map((u) => u.templateId));
  return rows.map((row) => ({
    id: row.id,
    nome: row.nome,
    tipoEquipamento: row.tipoEquipamento,
    ativo: row.ativo,
    versao: row.versao,
    emUso: inUse.has(row.id),
    itens: items.filter((i) => i.templateId === row.id && i.versao === row.versao).map(toTemplateItem),
  }));
}

export async function listTemplates(db: Db): Promise<ChecklistTemplate[]> {
  const rows = await db
    .select()
    .from(checklistTemplates)
    .orderBy(asc(sql`lower(${checklistTemplates.nome})`));
  return present(db, rows);
}

const findRow = (db: Db, id: number) =>
  firstOrNotFound(db.select().from(checklistTemplates).where(eq(checklistTemplates.id, id)).limit(1), CHECKLIST_MSG.notFound);

export async function getTemplate(db: Db, id: number): Promise<ChecklistTemplate> {
  return (await present(db, [await findRow(db, id)]))[0]!;
}

/** 409s of docs/rules.md#checklists: a name taken (case ignored), another active template of the same type. */
async function assertFree(db: Db, input: ChecklistTemplateInput, exceptId?: number) {
  const sameName = sql`lower(${checklistTemplates.nome}) = lower(${input.nome})`;
  await refuseTaken(db, checklistTemplates, sameName, CHECKLIST_MSG.nameTaken, exceptId);
  if (!input.ativo) return;
  const key = equipmentTypeKey(input.tipoEquipamento);
  const sameType = sql`${checklistTemplates.ativo} and coalesce(${checklistTemplates.tipoKey}, '') = ${key ?? ''}`;
  await refuseTaken(db, checklistTemplates, sameType, CHECKLIST_MSG.activeTaken, exceptId);
}

/** A unique violation of two saves at once answers the message of the index it hit. */
async function refusingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const text = `${String(err)} ${String((err as { cause?: unknown }).cause ?? '')}`;
    throw conflict(text.includes('nome') ? CHECKLIST_MSG.nameTaken : CHECKLIST_MSG.activeTaken);
  }
}

const templateValues = (input: ChecklistTemplateInput) => ({
  nome: input.nome,
  tipoEquipamento: input.tipoEquipamento,
  tipoKey: equipmentTypeKey(input.tipoEquipamento),
  ativo: input.ativo,
});

async function insertItems(tx: Db, templateId: number, versao: number, input: ChecklistTemplateInput) {
  await tx.insert(checklistItems).values(
    input.itens.map((item, posicao) => ({
      templateId,
      versao,
      posicao,
      texto: item.texto,
      tipo: item.tipo as ItemRow['tipo'],
      unidade: item.tipo === 'leitura' ? item.unidade : null,
      minimo: item.tipo === 'leitura' ? item.minimo : null,
      maximo: item.tipo === 'leitura' ? item.maximo : null,
      opcoes: item.tipo === 'opcao' ? [...new Set(item.opcoes)] : [],
      obrigatorio: item.obrigatorio,
      fotoObrigatoria: item.fotoObrigatoria,
    })),
  );
}

export async function createTemplate(db: Db, user: SessionUser, input: ChecklistTemplateInput): Promise<ChecklistTemplate> {
  await assertFree(db, input);
  const id = await refusingDuplicates(() =>
    db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const [row] = await tx.insert(checklistTemplates).values(templateValues(input)).returning();
      await insertItems(tx, row!.id, 1, input);
      await recordAudit(tx, { entity: 'checklist_modelo', entityId: row!.id, action: 'create', user, changes: input });
      return row!.id;
    }),
  );
  return getTemplate(db, id);
}

/** Whether an order answers this version of the template. */
async function versionInUse(db: Db, templateId: number, versao: number): Promise<boolean> {
  const [used] = await db
    .select({ id: orderChecklists.id })
    .from(orderChecklists)
    .where(and(eq(orderChecklists.templateId, templateId), eq(orderChecklists.versao, versao)))
    .limit(1);
  return Boolean(used);
}

/** docs/rules.md#checklists: editing a version some order uses makes the next one; orders keep theirs. */
export async function updateTemplate(
  db: Db,
  user: SessionUser,
  id: number,
  input: ChecklistTemplateInput,
): Promise<ChecklistTemplate> {
  const before = await getTemplate(db, id);
  await assertFree(db, input, id);
  await refusingDuplicates(() =>
    db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      await tx.select({ id: checklistTemplates.id }).from(checklistTemplates).where(eq(checklistTemplates.id, id)).for('update');
      const used = await versionInUse(tx, id, before.versao);
      const versao = used ? before.versao + 1 : before.versao;
      if (!used) await tx.delete(checklistItems).where(and(eq(checklistItems.templateId, id), eq(checklistItems.versao, versao)));
      await tx
        .update(checklistTemplates)
        .set({ ...templateValues(input), versao, updatedAt: new Date() })
        .where(eq(checklistTemplates.id, id));
      await insertItems(tx, id, versao, input);
      const changes = { antes: before, depois: { ...input, versao } };
      await recordAudit(tx, { entity: 'checklist_modelo', entityId: id, action: 'update', user, changes });
    }),
  );
  return getTemplate(db, id);
}

/** A template some order uses is kept: 409, deactivate it instead. */
export async function deleteTemplate(db: Db, user: SessionUser, id: number): Promise<void> {
  const before = await getTemplate(db, id);
  if (before.emUso) throw conflict(CHECKLIST_MSG.inUse);
  await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await tx.delete(checklistTemplates).where(eq(checklistTemplates.id, id));
    await recordAudit(tx, { entity: 'checklist_modelo', entityId: id, action: 'delete', user, changes: before });
  });
}
