import { DOC_TYPES, MAIL_MSG, MSG, mailFiltersSchema, type SentEmail, sendMailSchema } from '@os/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import type { Config } from '../../platform/config';
import { AppError, badRequest } from '../../platform/errors';
import { sniffMime } from '../../platform/files';
import { createMailer } from '../../platform/mail';
import type { EnsureOrderPdf } from './document-attachment';
import type { Storage } from '../../platform/storage';
import {
  attachmentOfRecord,
  latestAttachment,
  listSentEmails,
  type MailDeps,
  resendFailedMail,
  type StoredAttachment,
  sendDocumentMail,
  type UploadedAttachment,
} from './mail.service';
import { ensureFullOrderPdf } from '../documents/order-pdf.service';

/** Makes a missing full order PDF for the attachment (issue 8: 'made if missing'). */
export const ensureOrderPdf: EnsureOrderPdf | undefined = ensureFullOrderPdf;

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** 200 with the record when delivered; 502 with the spec's message and the server's reason when not. */
function answer(reply: FastifyReply, record: SentEmail) {
  if (record.status === 'Enviado') return reply.send({ success: true, message: MAIL_MSG.sent, email: record });
  return reply.status(502).send({ error: MAIL_MSG.sendFailed, erro: record.erro, email: record });
}

function sendAttachment(reply: FastifyReply, file: StoredAttachment) {
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store');
  if (file.hash) reply.header('x-anexo-sha256', file.hash);
  return reply.send(file.content);
}

/** Reads the multipart form of POST /api/sendMail: the spec's text fields and an optional PDF. */
async function readMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError(415, MSG.unsupportedMedia);
  const fields: Record<string, string> = {};
  let uploaded: UploadedAttachment | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (part.file.truncated) throw new AppError(413, MSG.payloadTooLarge);
      if (!content.length) continue;
      if ((await sniffMime(content)) !== 'application/pdf') throw new AppError(415, MSG.unsupportedMedia);
      uploaded = { filename: part.filename?.replace(/[^\w.\- ]/g, '_') || 'anexo.pdf', content };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  const parsed = sendMailSchema.safeParse(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.');
    throw badRequest(field ? `Campo inválido: ${field} (${issue?.message})` : MAIL_MSG.sendFailed, field);
  }
  return { input: parsed.data, uploaded };
}

/** The e-mail system (spec §2.15, §7): admin only; the sender is always the signed-in user. */
export const mailRoutes: FastifyPluginAsyncZod<{ database: Database; config: Config; storage: Storage }> = async (
  app,
  { database, config, storage },
) => {
  const { db } = database;
  const mailer = createMailer(config, storage);
  app.addHook('onClose', async () => mailer.close());
  const deps: MailDeps = { db, storage, mailer, ensureOrderPdf };

  // Multipart (spec §7). Without tipoDocumento the document is a closing: the OS variant is /os.
  app.post('/api/sendMail', { config: { access: 'admin' } }, async (request, reply) => {
    const { input, uploaded } = await readMultipart(request);
    const record = await sendDocumentMail(
      deps,
      { ...input, tipoDocumento: input.tipoDocumento ?? 'Fechamento' },
      currentUser(request),
      uploaded,
    );
    return answer(reply, record);
  });

  app.post('/api/sendMail/os', { config: { access: 'admin' }, schema: { body: sendMailSchema } }, async (request, reply) => {
    const body = request.body;
    const record = await sendDocumentMail(
      deps,
      { ...body, tipoDocumento: body.tipoDocumento ?? 'Ordem de Serviço' },
      currentUser(request),
    );
    return answer(reply, record);
  });

  app.get('/api/sendmail/emails', { config: { access: 'admin' }, schema: { querystring: mailFiltersSchema } }, async (request) =>
    listSentEmails(db, request.query),
  );

  app.post(
    '/api/sendmail/emails/:id/reenviar',
    { config: { access: 'admin' }, schema: { params: idParams } },
    async (request, reply) => answer(reply, await resendFailedMail(deps, request.params.id, currentUser(request))),
  );

  // 'Ver Anexo' of one record: exactly the bytes that went out with it.
  app.get(
    '/api/sendmail/emails/:id/anexo',
    { config: { access: 'admin' }, schema: { params: idParams } },
    async (request, reply) => sendAttachment(reply, await attachmentOfRecord(deps, request.params.id)),
  );

  // Spec §7: the attachment of the latest message sent for that document (tipo URL-encoded).
  app.get(
    '/api/sendmail/anexo/:tipo/:numero',
    {
      config: { access: 'admin' },
      schema: { params: z.object({ tipo: z.enum(DOC_TYPES), numero: z.string().regex(/^\d{1,9}$/) }) },
    },
    async (request, reply) => sendAttachment(reply, await latestAttachment(deps, request.params.tipo, request.params.numero)),
  );
};
