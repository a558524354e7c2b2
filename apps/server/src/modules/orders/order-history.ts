/** The order's history: its audit trail and the records a delete takes with it. */
import type { OrderHistoryEntry, OrderRecordCounts } from '@os/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, descriptions, expenses, outboundTrips, returnTrips, serviceEntries, signatures } from '../../db/schema';

/** How many records go with an order when it is deleted (the screen's second confirmation). */
export async function countOrderRecords(db: Db, id: number): Promise<OrderRecordCounts> {
  const countOf = (
    table:
      | typeof outboundTrips
      | typeof serviceEntries
      | typeof returnTrips
      | typeof descriptions
      | typeof expenses
      | typeof signatures,
  ) => sql<number>`(select count(*)::int from ${table} where ${table.orderId} = ${id})`;
  const [row] = await db
    .select({
      viagemIda: countOf(outboundTrips),
      servicos: countOf(serviceEntries),
      viagemVolta: countOf(returnTrips),
      descricoes: countOf(descriptions),
      despesas: countOf(expenses),
      assinaturas: countOf(signatures),
    })
    .from(sql`(select 1) as one`);
  const counts = row!;
  const total = Object.values(counts).reduce((a, b) => a + Number(b), 0);
  return { ...counts, total };
}

/** The audit trail of an order and of its records, newest first. */
export async function orderHistory(db: Db, id: number): Promise<OrderHistoryEntry[]> {
  const { id: entryId, entity, entityId, action, username, at, changes } = auditLog;
  const rows = await db
    .select({ id: entryId, entity, entityId, action, username, at, changes })
    .from(auditLog)
    .where(eq(auditLog.orderId, id))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
