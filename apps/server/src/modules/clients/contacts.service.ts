/** Portal contacts of a client (docs/rules.md#portal): admin keeps them in the client modal. */
import { PORTAL_MSG, type PortalContact, type PortalContactInput, type SessionUser } from '@os/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, portalContacts } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors';
import { endContactSessions } from '../../platform/session';
import { diffFields, recordAudit } from '../audit/audit.service';

type Row = typeof portalContacts.$inferSelect;

const toContact = (r: Row): PortalContact => ({
  id: r.id,
  clienteId: r.clientId,
  nome: r.nome,
  email: r.email,
  ativo: r.ativo,
  whatsapp: r.whatsapp,
  aceitaWhatsapp: r.aceitaWhatsapp,
});

async function assertClient(db: Db, clientId: number) {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!row) throw notFound();
}

export async function listContacts(db: Db, clientId: number): Promise<PortalContact[]> {
  await assertClient(db, clientId);
  const rows = await db
    .select()
    .from(portalContacts)
    .where(eq(portalContacts.clientId, clientId))
    .orderBy(asc(portalContacts.nome));
  return rows.map(toContact);
}

export async function createContact(db: Db, user: SessionUser, clientId: number, input: PortalContactInput) {
  await assertClient(db, clientId);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(portalContacts)
        .values({
          clientId,
          nome: input.nome,
          email: input.email,
          ativo: input.ativo,
          whatsapp: input.whatsapp ?? null,
          aceitaWhatsapp: input.aceitaWhatsapp ?? false,
        })
        .returning();
      const contact = toContact(row!);
      await recordAudit(tx as unknown as Db, {
        entity: 'portal_contact',
        entityId: contact.id,
        action: 'create',
        user,
        changes: contact,
      });
      return contact;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PORTAL_MSG.contactDuplicate);
    throw err;
  }
}

async function findContact(db: Db, clientId: number, contactId: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(portalContacts)
    .where(and(eq(portalContacts.id, contactId), eq(portalContacts.clientId, clientId)))
    .limit(1);
  if (!row) throw notFound(PORTAL_MSG.contactNotFound);
  return row;
}

/**
 * Deactivating a contact, or changing its e-mail, ends its portal sessions at once
 * (docs/rules.md#portal): the person behind the old address keeps no access.
 */
export async function updateContact(db: Db, user: SessionUser, clientId: number, contactId: number, input: PortalContactInput) {
  const before = await findContact(db, clientId, contactId);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(portalContacts)
        .set({
          nome: input.nome,
          email: input.email,
          ativo: input.ativo,
          whatsapp: input.whatsapp,
          aceitaWhatsapp: input.aceitaWhatsapp,
          updatedAt: new Date(),
        })
        .where(eq(portalContacts.id, contactId))
        .returning();
      const contact = toContact(row!);
      if (!contact.ativo || contact.email.toLowerCase() !== before.email.toLowerCase()) {
        await endContactSessions(tx as unknown as Db, contactId);
      }
      const changes = diffFields(toContact(before), contact);
      if (Object.keys(changes).length) {
        await recordAudit(tx as unknown as Db, {
          entity: 'portal_contact',
          entityId: contactId,
          action: 'update',
          user,
          changes,
        });
      }
      return contact;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PORTAL_MSG.contactDuplicate);
    throw err;
  }
}

/** Deleting a contact deletes its links and sessions with it (cascade). */
export async function deleteContact(db: Db, user: SessionUser, clientId: number, contactId: number) {
  const before = await findContact(db, clientId, contactId);
  await db.transaction(async (tx) => {
    await tx.delete(portalContacts).where(eq(portalContacts.id, contactId));
    await recordAudit(tx as unknown as Db, {
      entity: 'portal_contact',
      entityId: contactId,
      action: 'delete',
      user,
      changes: toContact(before),
    });
  });
}
