import { type Descricao, type descricaoFieldsSchema, type descricaoUpdateSchema, FIELD_MSG, type SessionUser } from '@os/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { descriptions } from '../../db/schema';
import { preparePhoto, sniffMime } from '../../platform/files';
import { type Storage, storedName } from '../../platform/storage';
import { createRecordOnce, editRecord, insertRecord, listRecords, recordKind } from '../order-records/record-kind';

type DescriptionRow = typeof descriptions.$inferSelect;

/** The API names a photo by its file name, served at /uploads/{imagem}. */
export const toDescricao = (row: DescriptionRow): Descricao => ({
  id: row.id,
  data: row.data,
  descricao: row.descricao,
  imagem: row.imagem ? row.imagem.replace(/^uploads\//, '') : null,
  osnumber: row.orderId,
});

/** An activity description of an order (docs/style.md#a-record-kind-of-an-order). */
const description = recordKind(descriptions, 'descricao', {
  listedBy: [descriptions.data, descriptions.id],
  present: toDescricao,
  values: (input: z.output<typeof descricaoUpdateSchema>) => ({ data: input.data, descricao: input.descricao }),
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
  return createRecordOnce(db, user, description, input.osnumber, key, async (order) => {
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
      return await insertRecord(db, user, description, order, { data: input.data, descricao: input.descricao, imagem }, key);
    } catch (err) {
      if (imagem) await storage.remove(imagem);
      throw err;
    }
  });
}

export async function listDescricoes(db: Db, user: SessionUser, orderId: number) {
  return listRecords(db, user, description, orderId);
}

export async function updateDescricao(db: Db, user: SessionUser, id: number, input: z.output<typeof descricaoUpdateSchema>) {
  return editRecord(db, user, description, id, input);
}
