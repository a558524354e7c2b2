/**
 * Payments seen by the bank (docs/rules.md#pix): a dynamic charge is 'Paga' once the bank's API says its cob is
 * CONCLUIDA, asked by the office ('Consultar pagamento') or after the bank's webhook names its txid; the
 * webhook's body is never trusted, the cob is read again from the API.
 */
import { businessToday, PIX_MSG, type PixCharge } from '@os/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { closings, pixCharges } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/audit.service';
import { toPixCharge } from './pix.service';
import type { PixApiClient } from './pix-api';

type ChargeRow = typeof pixCharges.$inferSelect;

/** Reads the cob at the bank; a CONCLUIDA one marks the open charge paid on the day of its first payment. */
async function settleFromBank(db: Db, bank: PixApiClient, charge: ChargeRow): Promise<ChargeRow> {
  const cob = await bank.getCob(charge.txid);
  const paid = cob.status === 'CONCLUIDA' ? cob.pix?.[0] : undefined;
  if (!paid || charge.status !== 'Em aberto') return charge;
  const pagaEm = businessToday(new Date(paid.horario));
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(pixCharges)
      .set({ status: 'Paga', pagaEm, pagaPor: 'Banco (PIX)' })
      .where(and(eq(pixCharges.id, charge.id), eq(pixCharges.status, 'Em aberto')))
      .returning();
    if (!updated) return charge;
    await recordAudit(tx as unknown as Db, {
      entity: 'cobranca',
      entityId: charge.id,
      action: 'status',
      user: null,
      changes: {
        txid: charge.txid,
        status: { antes: 'Em aberto', depois: 'Paga' },
        pagaEm,
        endToEndId: paid.endToEndId,
        valor: paid.valor,
      },
    });
    return updated;
  });
}

/** POST /api/fechamentos/{numero}/cobranca/consultar: asks the bank whether the dynamic charge was paid. */
export async function refreshCharge(db: Db, bank: PixApiClient | null, numero: number): Promise<PixCharge> {
  const [row] = await db
    .select({ charge: pixCharges, closing: closings })
    .from(pixCharges)
    .innerJoin(closings, eq(closings.id, pixCharges.closingId))
    .where(eq(closings.numero, numero))
    .limit(1);
  if (!row) throw notFound(PIX_MSG.closingNotFound);
  if (row.charge.modo !== 'dinamica') throw conflict(PIX_MSG.notDynamic);
  if (!bank) throw conflict(PIX_MSG.noBank);
  return toPixCharge(await settleFromBank(db, bank, row.charge), row.closing);
}

/**
 * POST /api/pix/webhook/{segredo}: the bank's notice of payments ({pix: [{txid, ...}]}); each open dynamic charge
 * named is read again from the bank. Answers how many became paid.
 */
export async function receiveWebhook(db: Db, bank: PixApiClient, body: unknown): Promise<{ pagas: number }> {
  const txids = Array.isArray((body as { pix?: unknown })?.pix)
    ? ((body as { pix: unknown[] }).pix
        .map((p) => (p as { txid?: unknown })?.txid)
        .filter((t): t is string => typeof t === 'string' && /^[A-Za-z0-9]{1,35}$/.test(t))
        .slice(0, 100) as string[])
    : [];
  if (!txids.length) return { pagas: 0 };
  const open = await db
    .select()
    .from(pixCharges)
    .where(and(inArray(pixCharges.txid, txids), eq(pixCharges.modo, 'dinamica'), eq(pixCharges.status, 'Em aberto')));
  let pagas = 0;
  for (const charge of open) if ((await settleFromBank(db, bank, charge)).status === 'Paga') pagas += 1;
  return { pagas };
}
