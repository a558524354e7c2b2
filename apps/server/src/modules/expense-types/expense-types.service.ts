import { type ExpenseType, type ExpenseTypeInput, REGISTER_MSG, type SessionUser } from '@os/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { expenses, expenseTypes } from '../../db/schema';
import { conflict, uniqueValue, writeUnique } from '../../platform/errors';
import { auditedRegister } from '../audit/audited-register';

const columns = { id: expenseTypes.id, despesa: expenseTypes.despesa };

/** An expense type's reads and audited writes. */
const register = auditedRegister<ExpenseType, ExpenseTypeInput>('expense_type', expenseTypes, columns);

export const listExpenseTypes = (db: Db): Promise<ExpenseType[]> => register.list(db);

/** Names are unique without regard to case ('Pedágio' and 'pedágio' are one type). */
const nameUnique = (despesa: string, exceptId?: number) =>
  uniqueValue(expenseTypes, sql`lower(${expenseTypes.despesa}) = lower(${despesa})`, REGISTER_MSG.expenseTypeDuplicate, exceptId);

export async function createExpenseType(db: Db, user: SessionUser, input: ExpenseTypeInput): Promise<ExpenseType> {
  return writeUnique(db, nameUnique(input.despesa), () => register.create(db, user, input));
}

export async function updateExpenseType(db: Db, user: SessionUser, id: number, input: ExpenseTypeInput): Promise<ExpenseType> {
  const before = await register.find(db, id);
  return writeUnique(db, nameUnique(input.despesa, id), () => register.update(db, user, id, before, input));
}

/** An expense type used by expenses is kept (docs/rules.md#fixed-defects): 409 with the reason. */
export async function deleteExpenseType(db: Db, user: SessionUser, id: number): Promise<void> {
  const before = await register.find(db, id);
  const [used] = await db.select({ id: expenses.id }).from(expenses).where(eq(expenses.expenseTypeId, id)).limit(1);
  if (used) throw conflict(REGISTER_MSG.expenseTypeInUse);
  await register.remove(db, user, id, before);
}
