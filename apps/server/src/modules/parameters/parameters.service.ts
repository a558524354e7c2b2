import type { ParameterInput, SessionUser, SystemParameter } from '@os/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemParameters } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { diffFields, recordAudit } from '../audit/audit.service';

type ParameterRow = typeof systemParameters.$inferSelect;

/** 'HH:MM:SS' from the driver -> 'HH:mm'; centavos -> reais (docs/rules.md#api-conventions). */
export function toParameter(row: ParameterRow): SystemParameter {
  return {
    id: row.id,
    tipo: row.tipo,
    inicio: row.inicio.slice(0, 5),
    fim: row.fim.slice(0, 5),
    valor: row.valorCentavos / 100,
  };
}

export async function listParameters(db: Db): Promise<SystemParameter[]> {
  const rows = await db.select().from(systemParameters).orderBy(asc(systemParameters.id));
  return rows.map(toParameter);
}

/**
 * Changes a band's times and value. `tipo` is read-only: the closing finds its bands by
 * that name (docs/rules.md#hours-and-closing), so a renamed band would silently drop out of every closing.
 */
export async function updateParameter(db: Db, user: SessionUser, id: number, input: ParameterInput): Promise<SystemParameter> {
  const [row] = await db.select().from(systemParameters).where(eq(systemParameters.id, id)).limit(1);
  if (!row) throw notFound();
  const before = toParameter(row);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(systemParameters)
      .set({ inicio: input.inicio, fim: input.fim, valorCentavos: Math.round(input.valor * 100), updatedAt: new Date() })
      .where(eq(systemParameters.id, id))
      .returning();
    const after = toParameter(updated!);
    const changes = diffFields(before, after);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx as Db, { entity: 'system_parameter', entityId: id, action: 'update', user, changes });
    }
    return after;
  });
}
