import { PORTAL_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInContact } from '../../../test/factories/portal';
import type { TestContext } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { type Smtp, startAppWithSmtp } from '../../../test/smtp';
import { sentEmails, serviceRequests } from '../../db/schema';
import { REQUEST_MAIL_TIPO } from '../requests/requests-mail';
import { PORTAL_REQUEST_LIMITS } from './portal-requests.routes';

let t: TestContext;
let smtp: Smtp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, smtp, close } = await startAppWithSmtp({ APP_URL: 'https://os.exemplo.com.br' }));
});
afterAll(() => close());

function ask(cookie: string, remoteAddress: string, motivo = 'Inversor desarmando') {
  const body = multipart({ motivo });
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/solicitacoes',
    payload: body.payload,
    headers: { ...body.headers, cookie },
    remoteAddress,
  });
}

const recebida = (to: string) => smtp.received.filter((m) => m.rcpt.includes(to) && /recebida$/.test(m.mail.subject ?? ''));

/** Waits until the e-mails of the accepted requests are recorded, and a little more for any stray one. */
async function settledMails(to: string, expected: number) {
  await expect.poll(() => recebida(to).length, { timeout: 10_000 }).toBe(expected);
  await new Promise((r) => setTimeout(r, 300));
}

describe('requests for service from the portal are limited (docs/rules.md#portal)', () => {
  it('answers 429 with Retry-After and a Portuguese message to a flood from one contact; the refused ones store and e-mail nothing', async () => {
    const contact = await createSignedInContact(t.db);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => ask(contact.cookie, `10.8.0.${i + 1}`)));
    const accepted = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(accepted.length + refused.length).toBe(30);
    expect(accepted).toHaveLength(PORTAL_REQUEST_LIMITS.perContact.max);
    for (const res of refused) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().error).toBe(PORTAL_MSG.tooManyRequests);
    }
    const stored = await t.db.select().from(serviceRequests).where(eq(serviceRequests.contactId, contact.id));
    expect(stored).toHaveLength(accepted.length);
    await settledMails(contact.email, accepted.length);
    const history = await t.db.select().from(sentEmails).where(eq(sentEmails.tipo, REQUEST_MAIL_TIPO));
    expect(history.filter((h) => h.email === contact.email)).toHaveLength(accepted.length);
  });

  it('limits one address across contacts', async () => {
    const address = '10.7.0.1';
    const contacts = await Promise.all(Array.from({ length: 4 }, () => createSignedInContact(t.db)));
    const perContact = PORTAL_REQUEST_LIMITS.perContact.max - 1;
    const answers = await Promise.all(contacts.flatMap((c) => Array.from({ length: perContact }, () => ask(c.cookie, address))));
    const accepted = answers.filter((r) => r.statusCode === 201).length;
    expect(accepted).toBe(PORTAL_REQUEST_LIMITS.perAddress.max);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(answers.length - accepted);
    expect(refused.every((r) => Number(r.headers['retry-after']) > 0)).toBe(true);
    // Another address is not held back by that one.
    expect((await ask(contacts[0]!.cookie, '10.7.0.2')).statusCode).toBe(201);
  });
});
