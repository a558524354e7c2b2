import { businessToday, formatDate, PIX_MSG } from '@os/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSignedInContact } from '../../../test/factories/portal';
import { admin, ctx, useFileApp, user } from '../../../test/file-app';
import { closedOrder, PIX_SETTINGS } from '../../../test/pix';
import { auditLog, closings, pixCharges } from '../../db/schema';

useFileApp();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie = admin, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, payload: payload as never });
const setDue = (numero: number, vencimento: unknown, cookie = admin) =>
  call('PUT', `/api/fechamentos/${numero}/cobranca/vencimento`, cookie, { vencimento });

function addDays(iso: string, n: number) {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** A closing and its charge made `daysAgo` days ago (as the clock passing would): due its day + 5. */
async function olderClosing(daysAgo: number) {
  await call('PUT', '/api/configuracoes/pix', admin, PIX_SETTINGS);
  const made = await closedOrder(ctx, admin);
  const then = new Date(Date.now() - daysAgo * 86_400_000);
  const day = addDays(businessToday(), -daysAgo);
  await ctx.db.update(closings).set({ createdAt: then }).where(eq(closings.id, made.closing.id));
  await ctx.db
    .update(pixCharges)
    .set({ createdAt: then, vencimento: addDays(day, 5) })
    .where(eq(pixCharges.closingId, made.closing.id));
  return { ...made, day };
}

describe("the charge's due day (docs/rules.md#pix)", () => {
  it('moves an open charge’s vencimento: the office, the portal and the dashboard follow it; audited', async () => {
    const { numero, clientId, day } = await olderClosing(10);
    const first = (await call('GET', `/api/fechamentos/${numero}/cobranca`)).json();
    expect(first).toMatchObject({ vencimento: addDays(day, 5), vencida: true });
    const before = (await call('GET', '/api/cobrancas/resumo')).json();

    const later = addDays(businessToday(), 3);
    const res = await setDue(numero, later);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ vencimento: later, vencida: false, status: 'Em aberto', txid: first.txid });
    expect((await call('GET', `/api/fechamentos/${numero}/cobranca`)).json().vencimento).toBe(later);
    const contact = await createSignedInContact(ctx.db, { clientId });
    const portal = await ctx.app.inject({ method: 'GET', url: '/api/portal/cobrancas', headers: { cookie: contact.cookie } });
    expect(portal.json()[0]).toMatchObject({ fechamento: numero, vencimento: later, vencida: false });
    const after = (await call('GET', '/api/cobrancas/resumo')).json();
    expect(after.vencidas).toBe(before.vencidas - 1);
    expect(after.abertas).toBe(before.abertas);

    // The closing's own day is allowed, and the charge is overdue again.
    expect((await setDue(numero, day)).json()).toMatchObject({ vencimento: day, vencida: true });
    expect((await call('GET', '/api/cobrancas/resumo')).json().vencidas).toBe(before.vencidas);

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cobranca'), eq(auditLog.action, 'update')));
    const mine = audit.filter((a) => (a.changes as { fechamento?: number }).fechamento === numero);
    expect(mine.map((a) => a.changes)).toEqual([
      { fechamento: numero, txid: first.txid, vencimento: { antes: addDays(day, 5), depois: later } },
      { fechamento: numero, txid: first.txid, vencimento: { antes: later, depois: day } },
    ]);
  });

  it.each([
    ['a day before the closing', (day: string) => addDays(day, -1), (day: string) => PIX_MSG.dueBeforeClosing(formatDate(day))],
    ['a date that does not exist', () => '2026-02-31', () => PIX_MSG.dueRequired],
    ['a Brazilian-format date', () => '31/12/2026', () => PIX_MSG.dueRequired],
    ['no date', () => undefined, () => PIX_MSG.dueRequired],
  ])('refuses %s with a Portuguese 400, keeping the due day', async (_name, value, message) => {
    const { numero, day } = await olderClosing(2);
    const kept = (await call('GET', `/api/fechamentos/${numero}/cobranca`)).json().vencimento;
    const res = await setDue(numero, value(day));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message(day));
    expect((await call('GET', `/api/fechamentos/${numero}/cobranca`)).json().vencimento).toBe(kept);
  });

  it('answers 409 once the charge is paid or cancelled, and 403 to a standard user', async () => {
    const { numero, closing } = await olderClosing(1);
    expect((await setDue(numero, addDays(businessToday(), 5), user.cookie)).statusCode).toBe(403);
    await call('POST', `/api/fechamentos/${numero}/cobranca/paga`, admin, { data: businessToday() });
    const paid = await setDue(numero, addDays(businessToday(), 5));
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toBe(PIX_MSG.notOpen);
    const [row] = await ctx.db.select().from(pixCharges).where(eq(pixCharges.closingId, closing.id));
    expect(row!.vencimento).toBe(addDays(addDays(businessToday(), -1), 5));

    const other = await olderClosing(1);
    await call('POST', `/api/fechamentos/${other.numero}/cobranca/cancelar`, admin, { motivo: 'Pago em dinheiro' });
    expect((await setDue(other.numero, addDays(businessToday(), 5))).statusCode).toBe(409);
    expect((await setDue(999_999, addDays(businessToday(), 5))).statusCode).toBe(404);
  });
});
