import { DOC_TYPES, MAIL_MSG, MSG, mailFiltersSchema, type SentEmail, sendMailSchema } from '@os/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../platform/access';
import { MB } from '../../platform/files';
import { readUpload, type UploadRules } from '../../platform/multipart';
import { sendInlinePdf } from '../../platform/replies';
import type { RoutesPlugin } from '../../platform/route-deps';
import { mailedOrderPdf } from '../documents/order-pdf.service';
import type { EnsureOrderPdf } from './document-attachment';
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

/**
 * Makes a missing order PDF for the attachment (docs/api.md#mail: 'made if missing'): the full PDF for a
 * user's address, the client's copy for any other (docs/rules.md#portal).
 */
export const ensureOrderPdf: EnsureOrderPdf | undefined = mailedOrderPdf;

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** 200 with the record when delivered; 502 with the old product's message and the server's reason when not. */
function answer(reply: FastifyReply, record: SentEmail) {
  if (record.status === 'Enviado') return reply.send({ success: true, message: MAIL_MSG.sent, email: record });
  return reply.status(502).send({ error: MAIL_MSG.sendFailed, erro: record.erro, email: record });
}

function sendAttachment(reply: FastifyReply, file: StoredAttachment) {
  if (file.hash) reply.header('x-anexo-sha256', file.hash);
  return sendInlinePdf(reply, file.content, file.filename);
}

/** POST /api/sendMail: the old product's text fields (blank ones count as not sent) and an optional PDF in any field. */
const sendMailForm: UploadRules<typeof sendMailSchema> = {
  file: '*',
  maxBytes: 10 * MB,
  required: false,
  types: ['application/pdf'],
  fields: sendMailSchema,
  blankIsMissing: true,
  messages: {
    notForm: MSG.unsupportedMedia,
    tooLarge: MSG.payloadTooLarge,
    wrongType: MSG.unsupportedMedia,
    field: (field) => (field ? undefined : MAIL_MSG.sendFailed),
  },
};

/** The e-mail system (docs/screens.md#emails, docs/api.md#mail): admin only; the sender is always the signed-in user. */
export const mailRoutes: RoutesPlugin = async (app, { database, storage, mailer }) => {
  const { db } = database;
  const deps: MailDeps = { db, storage, mailer, ensureOrderPdf };

  // Multipart (docs/api.md#mail). Without tipoDocumento the document is a closing: the OS variant is /os.
  app.post('/api/sendMail', { config: { access: 'admin' } }, async (request, reply) => {
    const { fields: input, file } = await readUpload(request, sendMailForm);
    const uploaded: UploadedAttachment | undefined = file && {
      filename: file.filename.replace(/[^\w.\- ]/g, '_') || 'anexo.pdf',
      content: file.data,
    };
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

  // docs/api.md#mail: the attachment of the latest message sent for that document (tipo URL-encoded).
  app.get(
    '/api/sendmail/anexo/:tipo/:numero',
    {
      config: { access: 'admin' },
      schema: { params: z.object({ tipo: z.enum(DOC_TYPES), numero: z.string().regex(/^\d{1,9}$/) }) },
    },
    async (request, reply) => sendAttachment(reply, await latestAttachment(deps, request.params.tipo, request.params.numero)),
  );
};
