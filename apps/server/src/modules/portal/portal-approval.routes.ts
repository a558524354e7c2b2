import { approvalInputSchema, contestInputSchema, ratingInputSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentPortalUser } from '../../platform/access';
import { idParams } from '../../platform/register-routes';
import { sendPrivateFile } from '../../platform/replies';
import type { RouteDeps } from '../../platform/route-deps';
import type { WhatsappOutbox } from '../whatsapp/outbox';
import type { WhatsappWorker } from '../whatsapp/worker';
import { approveOrder, contestOrder, portalApprovalState, rateOrder } from './approval-contact.service';
import { approvalDeps, decisionOrigin, sendToClientRoute } from './approval-decisions';
import { createContestNotifier } from './approval-mail';
import { decisionSignature, orderApproval, sendForApproval } from './approval-office.service';

const signatureParams = idParams.extend({ decisaoId: z.coerce.number().int().positive() });

/** Approval at a distance and the rating of a visit (docs/rules.md#portal, docs/api.md#portal). */
export const portalApprovalRoutes: FastifyPluginAsyncZod<
  RouteDeps & { whatsappOutbox: WhatsappOutbox; whatsappWorker: WhatsappWorker }
> = async (app, routeDeps) => {
  const { db } = routeDeps.database;
  const deps = approvalDeps(routeDeps);
  const contests = createContestNotifier(deps, app.log);
  app.addHook('onClose', async () => contests.idle());

  // The office
  sendToClientRoute(app, '/api/os/:id/enviar-aprovacao', (user, id) => sendForApproval(deps, user, id));

  app.get('/api/os/:id/aprovacao', { config: { access: 'staff' }, schema: { params: idParams } }, async (request) =>
    orderApproval(db, request.params.id),
  );

  app.get(
    '/api/os/:id/aprovacao/:decisaoId/assinatura',
    { config: { access: 'staff' }, schema: { params: signatureParams } },
    async (request, reply) => {
      const png = await decisionSignature(db, deps.storage, request.params.id, request.params.decisaoId);
      return sendPrivateFile(reply, 'image/png', png);
    },
  );

  // The portal contact
  app.get('/api/portal/os/:id/aprovacao', { config: { access: 'portal' }, schema: { params: idParams } }, async (request) =>
    portalApprovalState(db, currentPortalUser(request), request.params.id),
  );

  app.post(
    '/api/portal/os/:id/aceite',
    { config: { access: 'portal' }, schema: { params: idParams, body: approvalInputSchema } },
    async (request) => approveOrder(deps, currentPortalUser(request), request.params.id, request.body, decisionOrigin(request)),
  );

  app.post(
    '/api/portal/os/:id/contestacao',
    { config: { access: 'portal' }, schema: { params: idParams, body: contestInputSchema } },
    async (request) =>
      contestOrder(deps, currentPortalUser(request), request.params.id, request.body, decisionOrigin(request), contests.notify),
  );

  app.post(
    '/api/portal/os/:id/avaliacao',
    { config: { access: 'portal' }, schema: { params: idParams, body: ratingInputSchema } },
    async (request) => rateOrder(db, currentPortalUser(request), request.params.id, request.body),
  );
};
