import { type Descricao, type descricaoFieldsSchema, type descricaoUpdateSchema, FIELD_MSG, type SessionUser } from '@os/shared';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { descriptions } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { preparePhoto, sniffMime } from '../../platform/files';
import { once } from '../../platform/idempotency';
import { type Storage, storedName } from '../../platform/storage';
import { auditedCreate, auditedUpdate } from '../audit/audit.service';
import { orderForRead, orderForRecordWrite } from '../orders/order-access';

type DescriptionRow = typeof descriptions.$inferSelect;

/** The API names a photo by its file name, served at /uploads/{imagem}. */
export const toDescricao = (row: DescriptionRow): Descricao => ({
  id: row.id,
  data: row.data,
  descricao: row.descricao,
  imagem: row.imagem ? row.imagem.replace(/^uploads\//, '') : null,
  osnumber: row.orderId,
});

/**
 * docs/rules.md#constants: photos are named imagem_{YYYYMMDDHHmmss}; a camera photo descricao{id}. The user's
 * `nomeFoto` only chooses between the two prefixes: a stored name never comes from the user.
 */
function photoPrefix(orderId: number, nomeFoto: string | undefined): string {
  return nomeFoto && /^descricao/i.test(nomeFoto) ? `descricao${orderId}` : 'imagem';
}

export async function createDescricao(
  db: Db,
  storage: Storage,
  user: SessionUser,
  input: z.output<typeof descricaoFieldsSchema>,
  photo: Buffer | undefined,
  key?: string,
  options: { keepOriginal?: boolean } = {},
) {
  return once({
    key,
    userId: user.id,
    find: async (k) => (await db.select().from(descriptions).where(eq(descriptions.idempotencyKey, k)).limit(1))[0],
    present: toDescricao,
    create: async () => {
      const order = await orderForRecordWrite(db, user, input.osnumber);
      let imagem: string | null = null;
      if (photo) {
        // Reduced to 1920 px, EXIF orientation applied, 413/415 for what is too big or not an image.
        const prepared = await preparePhoto(photo, { tooLarge: FIELD_MSG.photoTooLarge, notImage: FIELD_MSG.photoNotImage });
        const name = storedName(photoPrefix(order.id, input.nomeFoto), 'jpg');
        imagem = await storage.put('uploads', prepared, name);
        if (options.keepOriginal) {
          // Kept beside the reduced copy, never served (no record points at it).
          const ext = (await sniffMime(photo))?.split('/')[1] ?? 'bin';
          await storage.put('uploads', photo, name.replace(/\.jpg$/, `_original.${ext}`));
        }
      }
      try {
        return await auditedCreate(db, { entity: 'descricao', user, orderId: order.id }, async (tx) => {
          const [row] = await tx
            .insert(descriptions)
            .values({
              orderId: order.id,
              data: input.data,
              descricao: input.descricao,
              imagem,
              createdBy: user.id,
              idempotencyKey: key ?? null,
            })
            .returning();
          return toDescricao(row!);
        });
      } catch (err) {
        if (imagem) await storage.remove(imagem);
        throw err;
      }
    },
  });
}

export async function listDescricoes(db: Db, user: SessionUser, orderId: number) {
  await orderForRead(db, user, orderId);
  const rows = await db
    .select()
    .from(descriptions)
    .where(eq(descriptions.orderId, orderId))
    .orderBy(asc(descriptions.data), asc(descriptions.id));
  return rows.map(toDescricao);
}

export async function updateDescricao(db: Db, user: SessionUser, id: number, input: z.output<typeof descricaoUpdateSchema>) {
  const [before] = await db.select().from(descriptions).where(eq(descriptions.id, id)).limit(1);
  if (!before) throw notFound();
  await orderForRecordWrite(db, user, before.orderId);
  return auditedUpdate(db, { entity: 'descricao', user, id, orderId: before.orderId }, toDescricao(before), async (tx) => {
    const [row] = await tx
      .update(descriptions)
      .set({ data: input.data, descricao: input.descricao, updatedAt: new Date() })
      .where(eq(descriptions.id, id))
      .returning();
    return toDescricao(row!);
  });
}
