import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient } from '../../../test/factories/clients';
import { createPortalContact } from '../../../test/factories/portal';
import { createTestApp, type TestContext } from '../../../test/helper';
import { databaseUrl } from '../../../test/postgres-url';
import { type MetaCloudApi, startMetaCloudApi } from '../../../test/whatsapp-providers';
import { buildApp } from '../../app';
import { type Database, type Db, openPostgres } from '../../db/client';
import { whatsappMessages } from '../../db/schema';
import { createWhatsappOutbox } from './outbox';

const TOKEN = 'token-dois-processos';
const PHONE_ID = '200300400';

let t: TestContext;
let meta: MetaCloudApi;
let second: { app: Awaited<ReturnType<typeof buildApp>>; database: Database };
const env = () => meta.env();

beforeAll(async () => {
  meta = await startMetaCloudApi({ token: TOKEN, phoneNumberId: PHONE_ID });
  // Each send takes a while, so both processes are at work at the same time.
  meta.latencyMs = 15;
  t = await createTestApp(env());
  // A second server process: its own pool of connections on the same PostgreSQL database, its own worker.
  const [{ name }] = ((await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] })
    .rows;
  const database = await openPostgres(databaseUrl(inject('dbServer'), name), { migrate: false });
  second = { app: await buildApp({ database, config: t.config }), database };
  await second.app.ready();
});
afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
  await t?.close();
  await meta?.close();
});

describe('two processes on one PostgreSQL (docs/rules.md#whatsapp)', () => {
  it('both workers draining at once send each message exactly once', async () => {
    const client = await createClient(t.db);
    const contacts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createPortalContact(t.db, {
          clientId: client.id,
          nome: `Contato ${i}`,
          whatsapp: `+55879999900${10 + i}`,
          aceitaWhatsapp: true,
        }),
      ),
    );
    // The hook of quotes and charges: 8 charges to 6 contacts, each written in its own transaction.
    const outbox = createWhatsappOutbox(t.config.whatsapp, t.config.appUrl);
    const user = { id: 1, username: 'admin', nome_completo: 'Admin', role: 'admin' as const };
    for (let n = 1; n <= 8; n++) {
      await t.db.transaction(async (tx) => {
        const written = await outbox.clientMessage(tx as unknown as Db, {
          evento: 'cobranca',
          chave: `cobranca:${client.id}:${n}`,
          clientId: client.id,
          params: (nome) => [nome, `R$ ${n}0,00`, '10/12/2026', `00020126580014BR.GOV.BCB.PIX0136chave-${n}`],
          user: user as never,
        });
        expect(written).toBe(6);
      });
    }
    // Written again (a retried request): nothing new.
    await t.db.transaction(async (tx) => {
      const again = await outbox.clientMessage(tx as unknown as Db, {
        evento: 'cobranca',
        chave: `cobranca:${client.id}:1`,
        clientId: client.id,
        params: (nome) => [nome, 'R$ 10,00', '10/12/2026', 'x'],
        user: user as never,
      });
      expect(again).toBe(0);
    });

    const from = meta.sends.length;
    await Promise.all([
      t.app.whatsappWorker.drain(),
      second.app.whatsappWorker.drain(),
      t.app.whatsappWorker.drain(),
      second.app.whatsappWorker.drain(),
    ]);
    const sent = meta.sends.slice(from);
    expect(sent).toHaveLength(48);
    const pairs = sent.map((s) => {
      const params = (s.body.template as { components: { parameters: { text: string }[] }[] }).components[0]!.parameters;
      return `${s.body.to}|${params[3]!.text}`;
    });
    expect(new Set(pairs).size).toBe(48);
    expect((sent[0]!.body.template as { name: string }).name).toBe('os_cobranca_pix');
    for (const contact of contacts) expect(sent.filter((s) => s.body.to === contact.whatsapp!.slice(1))).toHaveLength(8);
    const rows = await t.db.select({ status: whatsappMessages.status }).from(whatsappMessages);
    expect(rows.filter((r) => r.status === 'Enviado')).toHaveLength(48);
  });
});
