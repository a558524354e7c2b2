import { businessToday, PIX_MSG } from '@os/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readBrCode } from '../../../test/brcode';
import { createSignedInContact } from '../../../test/factories/portal';
import { admin, ctx, useFileApp, user } from '../../../test/file-app';
import { pdfText } from '../../../test/pdf-reader';
import { closedOrder, PIX_SETTINGS } from '../../../test/pix';
import { readQrCodes } from '../../../test/qr';
import { auditLog, closings, pixCharges, pixSettings } from '../../db/schema';

useFileApp();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie = admin, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, payload: payload as never });
const saveKey = (body: object) => call('PUT', '/api/configuracoes/pix', admin, body);
const withoutSpaces = (s: string) => s.replace(/\s+/g, '');

function addDays(iso: string, n: number) {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

describe("'Recebimento PIX' in /configuracoes (docs/rules.md#pix)", () => {
  it('answers 409 for a charge while no key is configured', async () => {
    await ctx.db.delete(pixSettings);
    const { numero } = await closedOrder(ctx, admin);
    const res = await call('GET', `/api/fechamentos/${numero}/cobranca`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Cadastre a chave PIX da empresa em Configurações.');
    const pdf = await pdfText((await call('GET', `/api/fechamentos/${numero}/pdf`)).rawPayload);
    expect(pdf).not.toContain('Pagamento por PIX');
  });

  it.each([
    ['123.456.789-09', '12345678909', 'cpf'],
    ['11.222.333/0001-81', '11222333000181', 'cnpj'],
    ['Financeiro@Tecnica.com.br', 'financeiro@tecnica.com.br', 'email'],
    ['+55 (11) 98765-4321', '+5511987654321', 'telefone'],
    ['123E4567-E89B-42D3-A456-426614174000', '123e4567-e89b-42d3-a456-426614174000', 'aleatoria'],
  ])('keeps the key %s as %s (%s)', async (chave, kept, tipo) => {
    const res = await saveKey({ ...PIX_SETTINGS, chave });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ chave: kept, tipo, nome: PIX_SETTINGS.nome, cidade: PIX_SETTINGS.cidade });
  });

  it.each([
    ['a CPF with wrong digits', { chave: '123.456.789-00' }, PIX_MSG.keyInvalid],
    ['a phone without +55', { chave: '11987654321' }, PIX_MSG.keyInvalid],
    ['a foreign phone', { chave: '+15551234567' }, PIX_MSG.keyInvalid],
    ['a CNPJ with wrong digits', { chave: '11.222.333/0001-80' }, PIX_MSG.keyInvalid],
    ['a receiver name over 25 characters', { nome: 'Técnica Assistência e Serviços Ltda' }, PIX_MSG.nameTooLong],
    ['a city over 15 characters', { cidade: 'São José dos Campos' }, PIX_MSG.cityTooLong],
    ['no receiver name', { nome: ' ' }, PIX_MSG.nameRequired],
  ])('refuses %s with a Portuguese 400, keeping what was saved', async (_name, change, message) => {
    await saveKey(PIX_SETTINGS);
    const res = await saveKey({ ...PIX_SETTINGS, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect((await call('GET', '/api/configuracoes/pix')).json().chave).toBe(PIX_SETTINGS.chave);
  });

  it('is the admin’s only', async () => {
    expect((await call('GET', '/api/configuracoes/pix', user.cookie)).statusCode).toBe(403);
    expect((await call('PUT', '/api/configuracoes/pix', user.cookie, PIX_SETTINGS)).statusCode).toBe(403);
  });
});

describe('the charge of a closing (docs/rules.md#pix)', () => {
  it('prints the BR Code and its QR on the closing PDF; an independent parser reads the key, amount, txid and a valid CRC', async () => {
    await saveKey(PIX_SETTINGS);
    const { numero, closing } = await closedOrder(ctx, admin);
    const res = await call('GET', `/api/fechamentos/${numero}/cobranca`);
    expect(res.statusCode, res.body).toBe(200);
    const charge = res.json();
    const txid = `FECH${String(numero).padStart(5, '0')}`;
    expect(charge).toMatchObject({ fechamento: numero, valor: 3173.85, txid, status: 'Em aberto', vencida: false });
    expect(charge.vencimento).toBe(addDays(businessToday(closing.createdAt), 5));

    const code = readBrCode(charge.pixCopiaECola);
    expect(code).toEqual({
      crcOk: true,
      payloadFormat: '01',
      gui: 'br.gov.bcb.pix',
      chave: 'financeiro@tecnica.com.br',
      mcc: '0000',
      moeda: '986',
      valor: '3173.85',
      pais: 'BR',
      nome: 'TECNICA ASSISTENCIA LTDA',
      cidade: 'SAO PAULO',
      txid,
    });
    expect(Number(code.valor) * 100).toBe(closing.totalCentavos);
    // A changed character breaks the CRC.
    expect(readBrCode(charge.pixCopiaECola.replace('3173.85', '3173.86')).crcOk).toBe(false);

    const png = Buffer.from(charge.qrCode.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await readQrCodes(png, 1)).toEqual([charge.pixCopiaECola]);

    const pdf = await pdfText((await call('GET', `/api/fechamentos/${numero}/pdf`)).rawPayload);
    expect(pdf).toContain('Pagamento por PIX');
    expect(pdf).toContain('R$ 3.173,85');
    expect(pdf).toContain(txid);
    expect(withoutSpaces(pdf)).toContain(withoutSpaces(charge.pixCopiaECola));
  });

  it('makes no charge for a total of zero', async () => {
    await saveKey(PIX_SETTINGS);
    const [row] = await ctx.db
      .insert(closings)
      .values({ numero: 900_001, totalCentavos: 0, figures: { cliente: { id: 1, razao: 'Zero' } } })
      .returning();
    const res = await call('GET', `/api/fechamentos/${row!.numero}/cobranca`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(PIX_MSG.noCharge);
    expect(await ctx.db.select().from(pixCharges).where(eq(pixCharges.closingId, row!.id))).toEqual([]);
  });

  it("marks a charge 'Paga' once (date and who, audited), never with a future date", async () => {
    await saveKey(PIX_SETTINGS);
    const { numero } = await closedOrder(ctx, admin);
    const future = await call('POST', `/api/fechamentos/${numero}/cobranca/paga`, admin, { data: addDays(businessToday(), 1) });
    expect(future.json().error).toBe(PIX_MSG.dateFuture);
    const bad = await call('POST', `/api/fechamentos/${numero}/cobranca/paga`, admin, { data: '03/11/2026' });
    expect(bad.json().error).toBe(PIX_MSG.dateRequired);
    const paid = await call('POST', `/api/fechamentos/${numero}/cobranca/paga`, admin, { data: businessToday() });
    expect(paid.json()).toMatchObject({ status: 'Paga', pagaEm: businessToday(), pagaPor: expect.any(String) });
    const again = await call('POST', `/api/fechamentos/${numero}/cobranca/paga`, admin, { data: businessToday() });
    expect(again.statusCode).toBe(409);
    expect((await call('POST', `/api/fechamentos/${numero}/cobranca/cancelar`, admin, { motivo: 'x' })).statusCode).toBe(409);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cobranca'), eq(auditLog.action, 'status')));
    expect(audit.some((a) => (a.changes as { status: { depois: string } }).status.depois === 'Paga')).toBe(true);
  });

  it('cancels the open charge of a reopened closing, with the reopening reason', async () => {
    await saveKey(PIX_SETTINGS);
    const { numero } = await closedOrder(ctx, admin);
    expect((await call('GET', `/api/fechamentos/${numero}/cobranca`)).json().status).toBe('Em aberto');
    const reopen = await call('POST', `/api/fechamentos/${numero}/reabrir`, admin, { motivo: 'Horas lançadas a mais' });
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect((await call('GET', `/api/fechamentos/${numero}/cobranca`)).json()).toMatchObject({
      status: 'Cancelada',
      motivoCancelamento: 'Fechamento reaberto: Horas lançadas a mais',
    });
  });

  it('cancels a charge with a reason', async () => {
    await saveKey(PIX_SETTINGS);
    const { numero } = await closedOrder(ctx, admin);
    const empty = await call('POST', `/api/fechamentos/${numero}/cobranca/cancelar`, admin, { motivo: '' });
    expect(empty.json().error).toBe(PIX_MSG.reasonRequired);
    const res = await call('POST', `/api/fechamentos/${numero}/cobranca/cancelar`, admin, { motivo: 'Pago em dinheiro' });
    expect(res.json()).toMatchObject({ status: 'Cancelada', motivoCancelamento: 'Pago em dinheiro' });
  });

  it("shows the portal only its client's charges, and the dashboard the open and overdue ones", async () => {
    await saveKey(PIX_SETTINGS);
    const mine = await closedOrder(ctx, admin);
    const theirs = await closedOrder(ctx, admin);
    await call('GET', `/api/fechamentos/${theirs.numero}/cobranca`);
    const before = (await call('GET', '/api/cobrancas/resumo')).json();
    await ctx.db
      .update(pixCharges)
      .set({ vencimento: addDays(businessToday(), -1) })
      .where(eq(pixCharges.closingId, mine.closing.id));
    const contact = await createSignedInContact(ctx.db, { clientId: mine.clientId });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/portal/cobrancas', headers: { cookie: contact.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { fechamento: number }) => c.fechamento)).toEqual([mine.numero]);
    expect(list.json()[0]).toMatchObject({ vencida: true, status: 'Em aberto', valor: 3173.85 });
    const after = (await call('GET', '/api/cobrancas/resumo')).json();
    expect(after.vencidas).toBe(before.vencidas + 1);
    expect(after.abertas).toBe(before.abertas);
  });
});
