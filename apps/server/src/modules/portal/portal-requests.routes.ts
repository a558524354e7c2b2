import { PORTAL_MSG, portalOrderListQuerySchema, REQUEST_MAX_PHOTOS, REQUEST_MSG, serviceRequestFieldsSchema } from '@os/shared';
import type { onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import { currentPortalUser } from '../../platform/access';
import { AppError, badRequest } from '../../platform/errors';
import { MB, sniffMime } from '../../platform/files';
import { readUpload, type UploadRules } from '../../platform/multipart';
import { type Limit, limitBy } from '../../platform/rate-limit';
import { registerPage } from '../../platform/register-routes';
import { sendPrivateFile } from '../../platform/replies';
import type { RoutesPlugin } from '../../platform/route-deps';
import { createServiceRequest, listPortalRequests, requestPhoto } from '../requests/requests.service';
import { createRequestNotifier } from '../requests/requests-mail';

const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

/** POST /api/portal/solicitacoes: the text fields and up to 5 photos `fotos`, 10 MB each. */
const requestForm: UploadRules<typeof serviceRequestFieldsSchema> = {
  file: 'fotos',
  onlyFile: true,
  maxFiles: REQUEST_MAX_PHOTOS,
  maxBytes: 10 * MB,
  required: false,
  fields: serviceRequestFieldsSchema,
  blankIsMissing: true,
  messages: {
    notForm: REQUEST_MSG.notForm,
    missing: REQUEST_MSG.photoNotImage,
    tooMany: REQUEST_MSG.tooManyPhotos,
    tooLarge: REQUEST_MSG.photoTooLarge,
  },
};

/**
 * Requests for service from the portal, counted in the database per contact and per address
 * (docs/rules.md#portal): each one e-mails the office. Over either limit: 429 with Retry-After.
 */
export const PORTAL_REQUEST_LIMITS: { perContact: Limit; perAddress: Limit } = {
  perContact: { max: 10, windowMs: 60 * 60_000 },
  perAddress: { max: 30, windowMs: 60 * 60_000 },
};

/** The platform limiter (Retry-After included) with the portal's own words for a refused request. */
function limited(check: onRequestHookHandler): onRequestHookHandler {
  return async function (request, reply) {
    try {
      await check.call(this, request, reply, () => {});
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 429) throw new AppError(429, PORTAL_MSG.tooManyRequests);
      throw err;
    }
  };
}

const photoParams = z.object({
  id: z.coerce.number().int().positive().max(2147483647),
  fotoId: z.coerce.number().int().positive().max(2147483647),
});

/** The client's requests for service in the portal (docs/rules.md#portal, docs/api.md#portal). */
export const portalRequestsRoutes: RoutesPlugin = async (app, { database, config, mailer, storage }) => {
  const { db } = database;
  const notifier = createRequestNotifier({ db, mailer, appUrl: config.appUrl }, app.log);
  app.addHook('onClose', () => notifier.idle());

  // A complete request takes its places (a form refused with 400 stores and sends nothing, and does not count).
  const perAddress = limited(limitBy(db, PORTAL_REQUEST_LIMITS.perAddress, (request) => `portal-request:ip${request.ip}`));
  const perContact = limited(
    limitBy(db, PORTAL_REQUEST_LIMITS.perContact, (request) => `portal-request:c${currentPortalUser(request).contatoId}`),
  );

  app.post('/api/portal/solicitacoes', { config: { access: 'portal' } }, async (request, reply) => {
    const me = currentPortalUser(request);
    const { fields, files } = await readUpload(request, requestForm);
    // Every photo checked from its bytes before anything is stored: one non-image refuses the whole request.
    for (const f of files) {
      const mime = await sniffMime(f.data);
      if (!mime || !PHOTO_TYPES.has(mime)) throw badRequest(REQUEST_MSG.photoNotImage, 'fotos');
    }
    await perAddress.call(app, request, reply, () => {});
    await perContact.call(app, request, reply, () => {});
    const created = await createServiceRequest(
      { db, storage },
      me,
      fields,
      files.map((f) => f.data),
    );
    notifier.notify({ kind: 'received', requestId: created.id }, { id: null, username: `portal:${me.email}` });
    return reply.status(201).send(created);
  });

  registerPage(app, '/api/portal/solicitacoes', 'portal', portalOrderListQuerySchema, (request, query) =>
    listPortalRequests(db, currentPortalUser(request), query),
  );

  app.get(
    '/api/portal/solicitacoes/:id/fotos/:fotoId',
    { config: { access: 'portal' }, schema: { params: photoParams } },
    async (request, reply) => {
      const me = currentPortalUser(request);
      const data = await requestPhoto(db, storage, request.params.id, request.params.fotoId, me.clienteId);
      return sendPrivateFile(reply, 'image/jpeg', data);
    },
  );
};
