import { despesaFieldsSchema, despesaUpdateSchema, EXPENSE_MSG } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Config } from '../../platform/config';
import { MB } from '../../platform/files';
import { readUpload, type UploadRules } from '../../platform/multipart';
import { registerUploadedRecords } from '../../platform/register-routes';
import type { Storage } from '../../platform/storage';
import { createDespesa, listDespesas, updateDespesa } from './expenses.service';
import { readReceipt } from './receipt-reader';

const signedIn = { access: 'signedIn' } as const;

/** A receipt photo in the field `file` (10 MB at most), required. */
const photoUpload = (file: string) =>
  ({
    file,
    maxBytes: 10 * MB,
    required: true,
    messages: { missing: EXPENSE_MSG.photoRequired, tooLarge: EXPENSE_MSG.photoTooLarge },
  }) satisfies UploadRules<z.ZodType>;

/** POST /api/despesa/: docs/rules.md#validation's messages (date, number, value -> the 'Preencha todos...' text; type; description). */
const despesaForm: UploadRules<typeof despesaFieldsSchema> = {
  ...photoUpload('imagem'),
  fields: despesaFieldsSchema,
  messages: {
    ...photoUpload('imagem').messages,
    field: (field, issue) => (field === 'osnumero' ? 'Informe a OS da despesa (osnumero).' : issue.message),
  },
};

/** Expenses of an order (docs/api.md#records) and receipt reading (docs/api.md#records analyze-gemini). */
export const expensesRoutes: FastifyPluginAsyncZod<{ database: Database; storage: Storage; config: Config }> = async (
  app,
  { database, storage, config },
) => {
  const { db } = database;

  registerUploadedRecords(app, db, 'despesa', {
    form: despesaForm,
    // The form's photo is required: readUpload answered 400 without it.
    create: (user, fields, photo, key) => createDespesa(db, storage, user, fields, photo!, key),
    updateBody: despesaUpdateSchema,
    list: listDespesas,
    update: updateDespesa,
  });

  // Receipt reading for the expense form: any signed-in user (technicians photograph receipts).
  app.post('/api/mistral/analyze-gemini', { config: signedIn }, async (request) => {
    const { file } = await readUpload(request, photoUpload('image'));
    return readReceipt(file!.data, config, request.log);
  });
};
