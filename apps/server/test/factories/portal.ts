import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client';
import { portalContacts } from '../../src/db/schema';
import { createPortalSession } from '../../src/platform/session';
import type { Storage } from '../../src/platform/storage';
import type { TestContext } from '../helper';
import { createClient } from './clients';
import { createOrderFixture } from './orders';

/** A portal contact (docs/rules.md#portal), of a new client unless one is given. */
export async function createPortalContact(
  db: Db,
  values: Partial<typeof portalContacts.$inferInsert> = {},
): Promise<typeof portalContacts.$inferSelect> {
  const clientId = values.clientId ?? (await createClient(db)).id;
  const [row] = await db
    .insert(portalContacts)
    .values({
      clientId,
      nome: 'Marta Lima',
      email: `contato.${randomBytes(4).toString('hex')}@cliente.com.br`,
      ...values,
    })
    .returning();
  return row!;
}

/** Marta Lima, a contact of the client who consents to WhatsApp at +5587999990000 (docs/rules.md#whatsapp). */
export const createConsentingContact = (db: Db, clientId: number) =>
  createPortalContact(db, { clientId, nome: 'Marta Lima', whatsapp: '+5587999990000', aceitaWhatsapp: true });

/** A portal contact (as createPortalContact) with a session: `cookie` is its Cookie header. */
export async function createSignedInContact(db: Db, values: Partial<typeof portalContacts.$inferInsert> = {}) {
  const contact = await createPortalContact(db, values);
  return { ...contact, cookie: `os_portal=${await createPortalSession(db, contact.id)}` };
}

/**
 * What the portal's tests start from: a Concluído order of Carlos Pereira (a new technician, `username`)
 * with its description 'Troca do rolamento', and a signed-in contact of its client.
 */
export async function concludedOrderForPortal(t: TestContext, storage: Storage, username: string) {
  const tec = await t.createUser('tec', username, 'Carlos Pereira');
  const fixture = await createOrderFixture(t.db, storage, {
    status: 'Concluído',
    technicianId: tec.id,
    descriptions: ['Troca do rolamento'],
  });
  return { ...fixture, contact: await createSignedInContact(t.db, { clientId: fixture.clientId }) };
}
