import { type ExpenseType, type ExpenseTypeInput, REGISTER_MSG, type SessionUser } from '@os/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { expenses, expenseTypes } from '../../db/schema';
import { conflict, firstOrNotFound, uniqueValue, writeUnique } from '../../platform/errors';
import { auditedCreate, auditedDelete, auditedUpdate } from '../audit/audit.service';

const columns = { id: expenseTypes.id, despesa: expenseTypes.despesa };

export function listExpenseTypes(db: Db): Promise<ExpenseType[]> {
  return db.select(columns).from(expenseTypes).orderBy(asc(expenseTypes.id));
}

const findExpenseType = (db: Db, id: number): Promise<ExpenseType> =>
  firstOrNotFound(db.select(columns).from(expenseTypes).where(eq(expenseTypes.id, id)).limit(1));

/** Names are unique without regard to case ('Pedágio' and 'pedágio' are one type). */
const nameUnique = (despesa: string, exceptId?: number) =>
  uniqueValue(expenseTypes, sql`lower(${expenseTypes.despesa}) = lower(${despesa})`, REGISTER_MSG.expenseTypeDuplicate, exceptId);

export async function createExpenseType(db: Db, user: SessionUser, input: ExpenseTypeInput): Promise<ExpenseType> {
  return writeUnique(db, nameUnique(input.despesa), () =>
    auditedCreate(
      db,
      { entity: 'expense_type', user },
      async (tx) => (await tx.insert(expenseTypes).values(input).returning(columns))[0]!,
      () => input,
    ),
  );
}

export async function updateExpenseType(db: Db, user: SessionUser, id: number, input: ExpenseTypeInput): Promise<ExpenseType> {
  const before = await findExpenseType(db, id);
  return writeUnique(db, nameUnique(input.despesa, id), () =>
    auditedUpdate(
      db,
      { entity: 'expense_type', user, id },
      before,
      async (tx) => (await tx.update(expenseTypes).set(input).where(eq(expenseTypes.id, id)).returning(columns))[0]!,
    ),
  );
}

/** An expense type used by expenses is kept (docs/rules.md#fixed-defects): 409 with the reason. */
export async function deleteExpenseType(db: Db, user: SessionUser, id: number): Promise<void> {
  const before = await findExpenseType(db, id);
  const [used] = await db.select({ id: expenses.id }).from(expenses).where(eq(expenses.expenseTypeId, id)).limit(1);
  if (used) throw conflict(REGISTER_MSG.expenseTypeInUse);
  await auditedDelete(db, { entity: 'expense_type', user, id }, before, (tx) =>
    tx.delete(expenseTypes).where(eq(expenseTypes.id, id)),
  );
}
