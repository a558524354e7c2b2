import { PIX_MSG } from '@os/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEmv, readBrCode } from '../../../test/brcode';
import { createTestApp, type TestContext } from '../../../test/helper';
import { pdfText } from '../../../test/pdf-reader';
import { closedOrder, PIX_SETTINGS } from '../../../test/pix';
import { startPixBank } from '../../../test/pix-bank';

const SECRET = 'gancho-secreto-123';
let bank: Awaited<ReturnType<typeof startPixBank>>;
let t: TestContext;
let admin: string;

beforeAll(async () => {
  bank = await startPixBank();
  t = await createTestApp({
    APP_URL: 'https://os.exemplo.com.br',
    PIX_API_URL: bank.url,
    PIX_CLIENT_ID: bank.credentials.id,
    PIX_CLIENT_SECRET: bank.credentials.secret,
    PIX_WEBHOOK_SECRET: SECRET,
  });
  admin = await t.loginAdmin();
});
afterAll(async () => {
  await t.close();
  await bank.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie = admin) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as never });

describe("the bank's PIX API (docs/rules.md#pix)", () => {
  it('registers the webhook address when the PIX data is saved', async () => {
    const res = await call('PUT', '/api/configuracoes/pix', PIX_SETTINGS);
    expect(res.json()).toMatchObject({ chave: PIX_SETTINGS.chave, webhook: 'Webhook registrado no banco.' });
    expect(bank.webhooks.get(PIX_SETTINGS.chave)).toBe(`https://os.exemplo.com.br/api/pix/webhook/${SECRET}`);
  });

  it("makes the closing's charge at the bank (PUT /cob/{txid}) and prints the bank's dynamic code", async () => {
    await call('PUT', '/api/configuracoes/pix', PIX_SETTINGS);
    const tokensBefore = bank.calls.filter((c) => c === 'POST /oauth/token').length;
    const { numero } = await closedOrder(t, admin);
    await closedOrder(t, admin);
    const charge = (await call('GET', `/api/fechamentos/${numero}/cobranca`)).json();
    const txid = `FECH${String(numero).padStart(22, '0')}`;
    expect(charge).toMatchObject({ txid, dinamica: true, status: 'Em aberto', valor: 3173.85 });
    const cob = bank.cobs.get(txid)!;
    expect(cob).toMatchObject({ valor: { original: '3173.85' }, chave: PIX_SETTINGS.chave, status: 'ATIVA' });
    expect(cob.solicitacaoPagador).toBe(`Fechamento ${String(numero).padStart(5, '0')}`);
    expect(charge.pixCopiaECola).toBe(cob.pixCopiaECola);
    expect(readBrCode(charge.pixCopiaECola).crcOk).toBe(true);
    expect(parseEmv(parseEmv(charge.pixCopiaECola).get('26')!).get('25')).toBe(cob.location);
    // One token for both closings: it is kept until it nearly expires.
    expect(bank.calls.filter((c) => c === 'POST /oauth/token').length - tokensBefore).toBeLessThanOrEqual(1);

    const pdf = await pdfText((await call('GET', `/api/fechamentos/${numero}/pdf`)).rawPayload);
    expect(pdf.replace(/\s+/g, '')).toContain(charge.pixCopiaECola.replace(/\s+/g, ''));
  });

  it("marks the charge paid once the bank says so ('Consultar pagamento')", async () => {
    await call('PUT', '/api/configuracoes/pix', PIX_SETTINGS);
    const { numero } = await closedOrder(t, admin);
    const { txid } = (await call('GET', `/api/fechamentos/${numero}/cobranca`)).json();
    const before = await call('POST', `/api/fechamentos/${numero}/cobranca/consultar`);
    expect(before.json()).toMatchObject({ status: 'Em aberto' });
    bank.pay(txid, '2026-11-20T14:30:00-03:00');
    const after = await call('POST', `/api/fechamentos/${numero}/cobranca/consultar`);
    expect(after.json()).toMatchObject({ status: 'Paga', pagaEm: '2026-11-20', pagaPor: 'Banco (PIX)' });
  });

  it('gives the bank the new validity when the office moves the due day (PATCH /cob/{txid}); a paid cob keeps it', async () => {
    await call('PUT', '/api/configuracoes/pix', PIX_SETTINGS);
    const { numero } = await closedOrder(t, admin);
    const { txid, vencimento } = (await call('GET', `/api/fechamentos/${numero}/cobranca`)).json();
    // Made due in 5 days, valid at the bank for 6.
    expect(bank.cobs.get(txid)!.calendario.expiracao).toBe(6 * 86_400);
    const later = new Date(Date.parse(`${vencimento}T12:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
    const res = await call('PUT', `/api/fechamentos/${numero}/cobranca/vencimento`, { vencimento: later });
    expect(res.json()).toMatchObject({ vencimento: later, dinamica: true });
    expect(bank.cobs.get(txid)).toMatchObject({ calendario: { expiracao: 16 * 86_400 }, revisao: 1 });

    // The bank refuses (the cob was paid meanwhile): 502 with the bank's word, the due day kept.
    bank.pay(txid);
    const refused = await call('PUT', `/api/fechamentos/${numero}/cobranca/vencimento`, { vencimento });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toBe(PIX_MSG.dueBankFailed('API PIX do banco: A cobrança não pode ser alterada.'));
    expect((await call('GET', `/api/fechamentos/${numero}/cobranca`)).json().vencimento).toBe(later);
  });

  it("settles a charge from the bank's webhook, reading the cob again, and refuses a wrong secret", async () => {
    await call('PUT', '/api/configuracoes/pix', PIX_SETTINGS);
    const paid = await closedOrder(t, admin);
    const unpaid = await closedOrder(t, admin);
    const a = (await call('GET', `/api/fechamentos/${paid.numero}/cobranca`)).json();
    const b = (await call('GET', `/api/fechamentos/${unpaid.numero}/cobranca`)).json();
    const pix = bank.pay(a.txid);
    const notice = { pix: [pix, { ...pix, txid: b.txid }] };
    expect((await call('POST', '/api/pix/webhook/errado', notice, '')).statusCode).toBe(404);
    expect((await call('GET', `/api/fechamentos/${paid.numero}/cobranca`)).json().status).toBe('Em aberto');
    const res = await call('POST', `/api/pix/webhook/${SECRET}`, notice, '');
    expect(res.json()).toEqual({ pagas: 1 });
    expect((await call('GET', `/api/fechamentos/${paid.numero}/cobranca`)).json().status).toBe('Paga');
    // The notice said the other one was paid too; the bank did not.
    expect((await call('GET', `/api/fechamentos/${unpaid.numero}/cobranca`)).json().status).toBe('Em aberto');
    expect((await call('POST', `/api/pix/webhook/${SECRET}`, { nada: 1 }, '')).json()).toEqual({ pagas: 0 });
  });
});

describe('when the bank cannot be used (docs/rules.md#pix)', () => {
  it('falls back to the static code with wrong credentials, and then cannot ask the bank', async () => {
    const other = await createTestApp({ PIX_API_URL: bank.url, PIX_CLIENT_ID: 'x', PIX_CLIENT_SECRET: 'y' });
    try {
      const cookie = await other.loginAdmin();
      await other.app.inject({ method: 'PUT', url: '/api/configuracoes/pix', headers: { cookie }, payload: PIX_SETTINGS });
      const { numero } = await closedOrder(other, cookie);
      const charge = (
        await other.app.inject({ method: 'GET', url: `/api/fechamentos/${numero}/cobranca`, headers: { cookie } })
      ).json();
      expect(charge).toMatchObject({ dinamica: false, txid: `FECH${String(numero).padStart(5, '0')}` });
      expect(readBrCode(charge.pixCopiaECola).crcOk).toBe(true);
      const ask = await other.app.inject({
        method: 'POST',
        url: `/api/fechamentos/${numero}/cobranca/consultar`,
        headers: { cookie },
        payload: {},
      });
      expect(ask.statusCode).toBe(409);
      expect(ask.json().error).toBe(PIX_MSG.notDynamic);
    } finally {
      await other.close();
    }
  });
});
