import { descricaoFieldsSchema, descricaoUpdateSchema, FIELD_MSG } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import type { Config } from '../../platform/config';
import { MB } from '../../platform/files';
import { idempotencyKey } from '../../platform/idempotency';
import { readUpload, type UploadRules } from '../../platform/multipart';
import { registerRecordEdits } from '../../platform/register-routes';
import type { Storage } from '../../platform/storage';
import { createDescricao, listDescricoes, updateDescricao } from './descriptions.service';

const signedIn = { access: 'signedIn' } as const;

/** POST /api/descricao/: the text fields and an optional photo `imagem` (10 MB at most). */
const descricaoForm: UploadRules<typeof descricaoFieldsSchema> = {
  file: 'imagem',
  maxBytes: 10 * MB,
  required: false,
  fields: descricaoFieldsSchema,
  messages: {
    notForm: FIELD_MSG.descricaoFailed,
    tooLarge: FIELD_MSG.photoTooLarge,
    // docs/rules.md#validation's 'Preencha uma data e uma descrição.' comes from the schema when one is missing; a
    // wrong date or a too-long description says what is expected.
  },
};

/** Activity descriptions with optional photos (docs/api.md#records). */
export const descriptionsRoutes: FastifyPluginAsyncZod<{ database: Database; storage: Storage; config: Config }> = async (
  app,
  { database, storage, config },
) => {
  const { db } = database;

  app.post('/api/descricao/', { config: signedIn }, async (request, reply) => {
    const user = currentUser(request);
    const key = idempotencyKey(request);
    const { fields, file } = await readUpload(request, descricaoForm);
    const descricao = await createDescricao(db, storage, user, fields, file?.data, key, {
      keepOriginal: config.keepOriginalPhotos,
    });
    return reply.status(201).send(descricao);
  });

  registerRecordEdits(app, db, 'descricao', descricaoUpdateSchema, listDescricoes, updateDescricao);
};
