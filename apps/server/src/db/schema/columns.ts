import { integer, type ReferenceConfig, timestamp, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A column holding another row's id, with its foreign key and what deleting that row does to this one;
 * nullable unless `.notNull()` follows.
 */
export const link = <TName extends string>(name: TName, target: ReferenceConfig['ref'], onDelete: UpdateDeleteAction) =>
  integer(name).references(target, { onDelete });
