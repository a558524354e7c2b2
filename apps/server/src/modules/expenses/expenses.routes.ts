import { despesaFieldsSchema, despesaUpdateSchema, EXPENSE_MSG } from '@os/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import type { Config } from '../../platform/config';
import { AppError, badRequest } from '../../platform/errors';
import { idempotencyKey } from '../../platform/idempotency';
import type { Storage } from '../../platform/storage';
import { createDespesa, listDespesas, updateDespesa } from './expenses.service';
import { analyzeLabel, extractText, readReceipt } from './receipt-reader';

const osParams = z.object({ osId: z.coerce.number().int().positive() });
const idParams = z.object({ id: z.coerce.number().int().positive() });
const signedIn = { access: 'signedIn' } as const;

/** The text fields and the one file (`fileField`) of a multipart form; 413 above 10 MB. */
export async function readMultipart(request: FastifyRequest, fileField: string) {
  if (!request.isMultipart()) throw badRequest(EXPENSE_MSG.photoRequired, fileField);
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === fileField && data.length > 0) file = data;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, EXPENSE_MSG.photoTooLarge);
    throw err;
  }
  return { fields, file };
}

/** spec §5's messages: date, number, value -> the 'Preencha todos...' text; type; description. */
function parseDespesaFields(fields: Record<string, string>) {
  const parsed = despesaFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  if (field === 'osnumero') throw badRequest('Informe a OS da despesa (osnumero).', field);
  throw badRequest(issue.message, field);
}

/** Expenses of an order (spec §7 Engineer records) and receipt reading (spec §7 analyze-gemini, extract-text, rótulos). */
export const expensesRoutes: FastifyPluginAsyncZod<{ database: Database; storage: Storage; config: Config }> = async (
  app,
  { database, storage, config },
) => {
  const { db } = database;

  app.post('/api/despesa/', { config: signedIn }, async (request, reply) => {
    const user = currentUser(request);
    const key = idempotencyKey(request);
    const { fields, file } = await readMultipart(request, 'imagem');
    const input = parseDespesaFields(fields);
    if (!file) throw badRequest(EXPENSE_MSG.photoRequired, 'imagem');
    const despesa = await createDespesa(db, storage, user, input, file, key);
    return reply.status(201).send(despesa);
  });

  app.get('/api/despesa/:osId', { config: signedIn, schema: { params: osParams } }, (request) =>
    listDespesas(db, currentUser(request), request.params.osId),
  );

  app.put(
    '/api/despesa/atualizatabela/:id',
    { config: signedIn, schema: { params: idParams, body: despesaUpdateSchema } },
    (request) => updateDespesa(db, currentUser(request), request.params.id, request.body),
  );

  // Receipt reading for the expense form: any signed-in user (technicians photograph receipts).
  app.post('/api/mistral/analyze-gemini', { config: signedIn }, async (request) => {
    const { file } = await readMultipart(request, 'image');
    if (!file) throw badRequest(EXPENSE_MSG.photoRequired, 'image');
    return readReceipt(file, config, request.log);
  });

  // The image text-extraction test page (/rotulos) is an admin utility screen (DECISIONS.md §4).
  app.post('/api/mistral/extract-text', { config: { access: 'admin' } }, async (request) => {
    const { file } = await readMultipart(request, 'image');
    if (!file) throw badRequest(EXPENSE_MSG.photoRequired, 'image');
    return extractText(file);
  });

  app.post('/api/mistral/analyze-gemini-rotulos', { config: { access: 'admin' } }, async (request) => {
    const { file } = await readMultipart(request, 'image');
    if (!file) throw badRequest(EXPENSE_MSG.photoRequired, 'image');
    return analyzeLabel(file, config, request.log);
  });
};
