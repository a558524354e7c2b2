import { descricaoFieldsSchema, descricaoUpdateSchema, FIELD_MSG } from '@os/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import type { Config } from '../../platform/config';
import { AppError, badRequest } from '../../platform/errors';
import { idempotencyKey } from '../../platform/idempotency';
import type { Storage } from '../../platform/storage';
import { createDescricao, listDescricoes, updateDescricao } from './descriptions.service';

const osParams = z.object({ osId: z.coerce.number().int().positive() });
const idParams = z.object({ id: z.coerce.number().int().positive() });
const signedIn = { access: 'signedIn' } as const;

/** Reads the multipart form of POST /api/descricao/: text fields and the optional `imagem` file. */
async function readDescricaoForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError(415, FIELD_MSG.descricaoFailed);
  const fields: Record<string, string> = {};
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'imagem' && data.length > 0) photo = data;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, FIELD_MSG.photoTooLarge);
    throw err;
  }
  const parsed = descricaoFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? '');
    // spec §5: date and description are required
    if (field === 'data' || field === 'descricao') throw badRequest(FIELD_MSG.descricaoRequired, field);
    throw badRequest(`Campo inválido: ${field}`, field);
  }
  return { fields: parsed.data, photo };
}

/** Activity descriptions with optional photos (spec §7 Engineer records). */
export const descriptionsRoutes: FastifyPluginAsyncZod<{ database: Database; storage: Storage; config: Config }> = async (
  app,
  { database, storage, config },
) => {
  const { db } = database;

  app.post('/api/descricao/', { config: signedIn }, async (request, reply) => {
    const user = currentUser(request);
    const key = idempotencyKey(request);
    const { fields, photo } = await readDescricaoForm(request);
    const descricao = await createDescricao(db, storage, user, fields, photo, key, { keepOriginal: config.keepOriginalPhotos });
    return reply.status(201).send(descricao);
  });

  app.get('/api/descricao/:osId', { config: signedIn, schema: { params: osParams } }, (request) =>
    listDescricoes(db, currentUser(request), request.params.osId),
  );

  app.put(
    '/api/descricao/atualizatabela/:id',
    { config: signedIn, schema: { params: idParams, body: descricaoUpdateSchema } },
    (request) => updateDescricao(db, currentUser(request), request.params.id, request.body),
  );
};
