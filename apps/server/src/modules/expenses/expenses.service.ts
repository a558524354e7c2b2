import {
  asRecordId,
  type Despesa,
  type despesaFieldsSchema,
  type despesaUpdateSchema,
  EXPENSE_MSG,
  parseValorToCentavos,
  type SessionUser,
} from '@os/shared';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { expenses, expenseTypes } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { preparePhoto } from '../../platform/files';
import { type Storage, storedName } from '../../platform/storage';
import { createRecordOnce, editRecord, insertRecord, listRecords, recordKind } from '../order-records/record-kind';

type ExpenseRow = typeof expenses.$inferSelect;
/** An expense with its type's name, which the API shows. */
type TypedExpenseRow = ExpenseRow & { tipo: string };

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

/** Expenses with their type's name (an inner join: every expense has a type). */
async function readExpenses(db: Db, where: SQL, by: PgColumn[]): Promise<TypedExpenseRow[]> {
  const rows = await db
    .select({ row: expenses, tipo: expenseTypes.despesa })
    .from(expenses)
    .innerJoin(expenseTypes, eq(expenseTypes.id, expenses.expenseTypeId))
    .where(where)
    .orderBy(...by.map((column) => asc(column)));
  return rows.map(({ row, tipo }) => ({ ...row, tipo }));
}

/** An expense of an order (docs/style.md#a-record-kind-of-an-order): read with its type's name. */
const expense = recordKind(expenses, 'despesa', {
  listedBy: [expenses.data, expenses.id],
  present: (row: TypedExpenseRow) => toDespesa(row, row.tipo),
  values: async (input: z.output<typeof despesaUpdateSchema>, db: Db) =>
    expenseColumns(input, (await resolveType(db, input.tipodespesa)).id),
  read: readExpenses,
});

/** A new expense with its receipt photo (required, docs/rules.md#fixed-defects); a repeated Idempotency-Key answers the first result. */
export async function createDespesa(
  db: Db,
  storage: Storage,
  user: SessionUser,
  input: z.output<typeof despesaFieldsSchema>,
  photo: Buffer,
  key?: string,
): Promise<Despesa> {
  return createRecordOnce(db, user, expense, input.osnumero, key, async (order) => {
    const type = await resolveType(db, input.tipodespesa);
    // Reduced to 1920 px, EXIF orientation applied; 413/415 for what is too big or not an image.
    const prepared = await preparePhoto(photo, { tooLarge: EXPENSE_MSG.photoTooLarge, notImage: EXPENSE_MSG.photoNotImage });
    const imagem = await storage.put('uploads', prepared, storedName('despesa', 'jpg'));
    try {
      return await insertRecord(db, user, expense, order, { ...expenseColumns(input, type.id), imagem }, key);
    } catch (err) {
      await storage.remove(imagem);
      throw err;
    }
  });
}

export const listDespesas = (db: Db, user: SessionUser, orderId: number): Promise<Despesa[]> =>
  listRecords(db, user, expense, orderId);

/** Inline edit of the view modal's 'Despesas' table (docs/api.md#records PUT /api/despesa/atualizatabela/{id}). */
export const updateDespesa = (
  db: Db,
  user: SessionUser,
  id: number,
  input: z.output<typeof despesaUpdateSchema>,
): Promise<Despesa> => editRecord(db, user, expense, id, input);
