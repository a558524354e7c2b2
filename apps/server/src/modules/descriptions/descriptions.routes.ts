import { descricaoFieldsSchema, descricaoUpdateSchema, FIELD_MSG } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { Config } from '../../platform/config';
import { MB } from '../../platform/files';
import type { UploadRules } from '../../platform/multipart';
import { registerUploadedRecords } from '../../platform/register-routes';
import type { Storage } from '../../platform/storage';
import { createDescricao, listDescricoes, updateDescricao } from './descriptions.service';

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

  registerUploadedRecords(app, db, 'descricao', {
    form: descricaoForm,
    create: (user, fields, photo, key) =>
      createDescricao(db, storage, user, fields, photo, key, { keepOriginal: config.keepOriginalPhotos }),
    updateBody: descricaoUpdateSchema,
    list: listDescricoes,
    update: updateDescricao,
  });
};
