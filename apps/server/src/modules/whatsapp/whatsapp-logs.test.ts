import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlannedOrder } from '../../../test/agenda-factory';
import { createPortalContact } from '../../../test/factories/portal';
import type { TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import {
  META_ACCOUNT,
  type MetaCloudApi,
  metaStatus,
  metaWebhook,
  postMetaWebhook,
  startAppWithMeta,
} from '../../../test/whatsapp-providers';
import { whatsappMessages } from '../../db/schema';

const { token: TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY } = META_ACCOUNT;
const NUMBER = '5587988776655';

let t: TestContext;
let meta: MetaCloudApi;
let close: () => Promise<void>;
const lines: string[] = [];

beforeAll(async () => {
  ({ t, meta, close } = await startAppWithMeta(
    {},
    { logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } } },
  ));
});
afterAll(() => close?.());

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
