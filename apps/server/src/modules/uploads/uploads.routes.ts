import { createHash } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { checklistAnswers, descriptions, expenses, signatures } from '../../db/schema';
import { currentUser } from '../../platform/access';
import { notFound } from '../../platform/errors';
import { sniffMime } from '../../platform/files';
import { isStorageKey, readOrNotFound, type Storage } from '../../platform/storage';
import { orderForRead } from '../order-records/order-guard';

const SHOWN_INLINE = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);

/**
 * Photos and signatures of orders at /uploads/{file} (docs/api.md#records), only to users who may read the
 * order the file belongs to. The name is checked by the storage module: nothing outside the folder.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ database: Database; storage: Storage }> = async (
  app,
  { database, storage },
) => {
  const { db } = database;

  app.get(
    '/uploads/:file',
    { config: { access: 'signedIn' }, schema: { params: z.object({ file: z.string().min(1).max(255) }) } },
    async (request, reply) => {
      const user = currentUser(request);
      const { file } = request.params;
      const key = `uploads/${file}`;
      if (!isStorageKey(key)) throw notFound();
      // Which order the file belongs to (records may store the key or the bare name).
      const owners = await Promise.all([
        db
          .select({ orderId: descriptions.orderId })
          .from(descriptions)
          .where(or(eq(descriptions.imagem, key), eq(descriptions.imagem, file)))
          .limit(1),
        db
          .select({ orderId: signatures.orderId })
          .from(signatures)
          .where(or(eq(signatures.imagem, key), eq(signatures.imagem, file)))
          .limit(1),
        db
          .select({ orderId: expenses.orderId })
          .from(expenses)
          .where(or(eq(expenses.imagem, key), eq(expenses.imagem, file)))
          .limit(1),
        db.select({ orderId: checklistAnswers.orderId }).from(checklistAnswers).where(eq(checklistAnswers.foto, key)).limit(1),
      ]);
      const orderId = owners.flat()[0]?.orderId;
      if (orderId === undefined) throw notFound();
      await orderForRead(db, user, orderId);
      // Stored names are never reused, so the name is the version. 'no-cache': the browser may keep the
      // file but asks each time, so a signed-out browser or another person is answered by the server
      // (401/403), never by a copy (docs/rules.md#accounts); an unchanged file costs a 304.
      const etag = `"${createHash('sha256').update(key).digest('base64url').slice(0, 22)}"`;
      reply.header('cache-control', 'private, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const data = await readOrNotFound(storage, key);
      const mime = (await sniffMime(data)) ?? 'application/octet-stream';
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', SHOWN_INLINE.has(mime) ? 'inline' : 'attachment');
      return reply.type(SHOWN_INLINE.has(mime) ? mime : 'application/octet-stream').send(data);
    },
  );
};
