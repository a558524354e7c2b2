/** The staff's WhatsApp numbers and consent (docs/rules.md#whatsapp), kept by the admin on the WhatsApp screen. */
import type { SessionUser, UserWhatsapp, WhatsappConsentInput } from '@os/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { diffFields, recordAudit } from '../audit/audit.service';

const columns = {
  id: users.id,
  nome: users.nomeCompleto,
  username: users.username,
  role: users.role,
  whatsapp: users.whatsapp,
  aceitaWhatsapp: users.aceitaWhatsapp,
};

export async function listUserWhatsapp(db: Db): Promise<UserWhatsapp[]> {
  return db.select(columns).from(users).where(eq(users.active, true)).orderBy(asc(users.nomeCompleto), asc(users.id));
}

export async function setUserWhatsapp(
  db: Db,
  actor: SessionUser,
  id: number,
  input: WhatsappConsentInput,
): Promise<UserWhatsapp> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [before] = await tx.select(columns).from(users).where(eq(users.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(users)
      .set({ whatsapp: input.whatsapp, aceitaWhatsapp: input.aceitaWhatsapp, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning(columns);
    const changes = diffFields(before, after!);
    if (Object.keys(changes).length)
      await recordAudit(tx, { entity: 'user', entityId: id, action: 'update', user: actor, changes });
    return after!;
  });
}
