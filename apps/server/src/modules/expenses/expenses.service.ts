import {
  asRecordId,
  type Despesa,
  type despesaFieldsSchema,
  type despesaUpdateSchema,
  EXPENSE_MSG,
  parseValorToCentavos,
  type SessionUser,
} from '@os/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { expenses, expenseTypes } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { preparePhoto } from '../../platform/files';
import { once } from '../../platform/idempotency';
import { type Storage, storedName } from '../../platform/storage';
import { auditedCreate, auditedUpdate } from '../audit/audit.service';
import { orderForRead, orderForRecordWrite } from '../orders/order-access';

type ExpenseRow = typeof expenses.$inferSelect;

/** The API shape (docs/rules.md#entities): valor in reais, tipodespesa the type's name, imagem the file name served at /uploads/{imagem}. */
export const toDespesa = (row: ExpenseRow, tipodespesa: string): Despesa => ({
  id: row.id,
  data: row.data,
  docnr: row.docnr,
  valor: row.valorCentavos / 100,
  observacao: row.observacao,
  descricao: row.descricao,
  tipodespesa,
  tipodespesaId: row.expenseTypeId,
  imagem: row.imagem ? row.imagem.replace(/^uploads\//, '') : null,
  osnumero: row.orderId,
});

/** docs/rules.md#api-conventions: the type by name (any case) or by id. */
async function resolveType(db: Db, tipodespesa: string | number) {
  const byId = asRecordId(tipodespesa);
  const [type] = await db
    .select()
    .from(expenseTypes)
    .where(
      byId !== undefined ? eq(expenseTypes.id, byId) : sql`lower(${expenseTypes.despesa}) = lower(${String(tipodespesa).trim()})`,
    )
    .limit(1);
  if (!type) throw badRequest(EXPENSE_MSG.typeUnknown, 'tipodespesa');
  return type;
}

function centavosOf(valor: string | number): number {
  const centavos = parseValorToCentavos(valor);
  if (centavos === undefined || centavos > 100_000_000) throw badRequest(EXPENSE_MSG.valorInvalid, 'valor');
  return centavos;
}

/** The columns an expense's form sets, on create and on the inline edit alike. */
function expenseColumns(input: z.output<typeof despesaUpdateSchema>, expenseTypeId: number) {
  return {
    data: input.data,
    docnr: input.docnr,
    valorCentavos: centavosOf(input.valor),
    observacao: input.observacao,
    descricao: input.descricao,
    expenseTypeId,
  };
}

async function findExpense(db: Db, where: ReturnType<typeof eq>) {
  const [found] = await db
    .select({ row: expenses, tipo: expenseTypes.despesa })
    .from(expenses)
    .innerJoin(expenseTypes, eq(expenseTypes.id, expenses.expenseTypeId))
    .where(where)
    .limit(1);
  return found;
}

/** A new expense with its receipt photo (required, docs/rules.md#fixed-defects); a repeated Idempotency-Key answers the first result. */
export async function createDespesa(
  db: Db,
  storage: Storage,
  user: SessionUser,
  input: z.output<typeof despesaFieldsSchema>,
  photo: Buffer,
  key?: string,
): Promise<Despesa> {
  return once({
    key,
    userId: user.id,
    find: async (k) => {
      const found = await findExpense(db, eq(expenses.idempotencyKey, k));
      return found ? { ...found.row, tipo: found.tipo } : undefined;
    },
    present: (row) => toDespesa(row, row.tipo),
    create: async () => {
      const order = await orderForRecordWrite(db, user, input.osnumero);
      const type = await resolveType(db, input.tipodespesa);
      // Reduced to 1920 px, EXIF orientation applied; 413/415 for what is too big or not an image.
      const prepared = await preparePhoto(photo, { tooLarge: EXPENSE_MSG.photoTooLarge, notImage: EXPENSE_MSG.photoNotImage });
      const imagem = await storage.put('uploads', prepared, storedName('despesa', 'jpg'));
      try {
        return await auditedCreate(db, { entity: 'despesa', user, orderId: order.id }, async (tx) => {
          const [row] = await tx
            .insert(expenses)
            .values({
              ...expenseColumns(input, type.id),
              orderId: order.id,
              imagem,
              createdBy: user.id,
              idempotencyKey: key ?? null,
            })
            .returning();
          return toDespesa(row!, type.despesa);
        });
      } catch (err) {
        await storage.remove(imagem);
        throw err;
      }
    },
  });
}

export async function listDespesas(db: Db, user: SessionUser, orderId: number): Promise<Despesa[]> {
  await orderForRead(db, user, orderId);
  const rows = await db
    .select({ row: expenses, tipo: expenseTypes.despesa })
    .from(expenses)
    .innerJoin(expenseTypes, eq(expenseTypes.id, expenses.expenseTypeId))
    .where(eq(expenses.orderId, orderId))
    .orderBy(asc(expenses.data), asc(expenses.id));
  return rows.map(({ row, tipo }) => toDespesa(row, tipo));
}

/** Inline edit of the view modal's 'Despesas' table (docs/api.md#records PUT /api/despesa/atualizatabela/{id}). */
export async function updateDespesa(
  db: Db,
  user: SessionUser,
  id: number,
  input: z.output<typeof despesaUpdateSchema>,
): Promise<Despesa> {
  const before = await findExpense(db, eq(expenses.id, id));
  if (!before) throw notFound();
  await orderForRecordWrite(db, user, before.row.orderId);
  const type = await resolveType(db, input.tipodespesa);
  const who = { entity: 'despesa', user, id, orderId: before.row.orderId };
  return auditedUpdate(db, who, toDespesa(before.row, before.tipo), async (tx) => {
    const [row] = await tx
      .update(expenses)
      .set({
        ...expenseColumns(input, type.id),
        updatedAt: new Date(),
      })
      .where(eq(expenses.id, id))
      .returning();
    return toDespesa(row!, type.despesa);
  });
}
