import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlannedOrder } from '../../../test/agenda-factory';
import { createPortalContact } from '../../../test/factories/portal';
import { createTestApp, type TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { type MetaCloudApi, metaStatus, metaWebhook, postMetaWebhook, startMetaCloudApi } from '../../../test/whatsapp-providers';
import { whatsappMessages } from '../../db/schema';

const TOKEN = 'EAAG-segredo-do-token-42';
const APP_SECRET = 'segredo-do-app-42';
const VERIFY = 'verifica-segredo-42';
const NUMBER = '5587988776655';

let t: TestContext;
let meta: MetaCloudApi;
const lines: string[] = [];

beforeAll(async () => {
  meta = await startMetaCloudApi({ token: TOKEN, phoneNumberId: '777' });
  t = await createTestApp(meta.env({ appSecret: APP_SECRET, verifyToken: VERIFY }), {
    logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } },
  });
});
afterAll(async () => {
  await t?.close();
  await meta?.close();
});

describe('no token, key or phone number in the logs (docs/rules.md#whatsapp)', () => {
  it('sending, failing, the handshake and the webhooks log none of them', async () => {
    const tec = await t.signedIn('tec');
    const order = await createPlannedOrder(t.db, { technicianId: tec.id });
    const { clientId } = order;
    await createPortalContact(t.db, { clientId, whatsapp: `+${NUMBER}`, aceitaWhatsapp: true });
    meta.down = true;
    await request(t.app, tec.cookie, 'POST', `/api/os/${order.id}/a-caminho`);
    await t.app.whatsappWorker.drain();
    meta.down = false;
    await t.db
      .update(whatsappMessages)
      .set({ enviarApos: new Date(Date.now() - 1000) })
      .where(eq(whatsappMessages.orderId, order.id));
    await t.app.whatsappWorker.drain();
    const [row] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, order.id));
    expect(row!.status).toBe('Enviado');

    await t.app.inject({ url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=99` });
    const hook = metaWebhook(APP_SECRET, {
      statuses: [metaStatus(row!.provedorId!, 'delivered', NUMBER)],
      messages: [{ from: NUMBER, id: 'wamid.x', timestamp: '1', type: 'text', text: { body: 'SAIR' } }],
    });
    const ok = await postMetaWebhook(t.app, hook);
    expect(ok.json()).toMatchObject({ statuses: 1, optOuts: 1 });
    await postMetaWebhook(t.app, { payload: hook.payload, headers: { 'content-type': 'application/json' } });

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of [TOKEN, APP_SECRET, VERIFY, NUMBER, NUMBER.slice(2), '98877-6655']) expect(log).not.toContain(secret);
  });
});
