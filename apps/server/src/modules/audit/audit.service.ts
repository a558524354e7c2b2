import type { SessionUser } from '@os/shared';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

type AuditAction = (typeof auditLog.$inferInsert)['action'];
type Plain = Record<string, unknown>;

/** The fields whose values differ, as {field: {antes, depois}}; undefined in `after` means unchanged. */
export function diffFields(before: Plain, after: Plain): Record<string, { antes: unknown; depois: unknown }> {
  const changes: Record<string, { antes: unknown; depois: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[key];
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[key] = { antes: old ?? null, depois: value };
  }
  return changes;
}

/** Writes one audit entry (docs/rules.md#order-life-cycle: who, when, what changed). */
export async function recordAudit(
  db: Db,
  entry: {
    entity: string;
    entityId: number | null;
    orderId?: number | null;
    action: AuditAction;
    user: SessionUser | null;
    changes?: unknown;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    entity: entry.entity,
    entityId: entry.entityId,
    orderId: entry.orderId ?? null,
    action: entry.action,
    userId: entry.user?.id ?? null,
    username: entry.user?.username ?? 'sistema',
    changes: entry.changes ?? null,
  });
}
