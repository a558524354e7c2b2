import { pageQueryWithDefaults, quoteApprovalSchema, quoteRefusalSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentPortalUser } from '../../platform/access';
import { idParams, registerPage } from '../../platform/register-routes';
import { sendInlinePdf } from '../../platform/replies';
import type { RouteDeps } from '../../platform/route-deps';
import { approveQuote, findPortalQuote, listPortalQuotes, portalQuote, refuseQuote } from '../quotes/quote-decisions';
import { quotePdfName, renderQuotePdf } from '../quotes/quote-pdf';
import { decodeSignature } from '../signatures/signatures.service';
import type { WhatsappOutbox } from '../whatsapp/outbox';
import type { WhatsappWorker } from '../whatsapp/worker';
import { approvalDeps, decisionOrigin, sendToClientRoute } from './approval-decisions';
import { sendQuote } from './quote-mail';

/** Quotes sent to the client and decided in the portal (docs/rules.md#quotes, docs/api.md#quotes). */
export const portalQuotesRoutes: FastifyPluginAsyncZod<
  RouteDeps & { whatsappOutbox: WhatsappOutbox; whatsappWorker: WhatsappWorker }
> = async (app, routeDeps) => {
  const { db } = routeDeps.database;
  const deps = approvalDeps(routeDeps);

  // The office
  sendToClientRoute(app, '/api/orcamentos/:id/enviar', (user, id) => sendQuote(deps, user, id));

  // The portal contact
  registerPage(app, '/api/portal/orcamentos', 'portal', z.object(pageQueryWithDefaults(50, 10)), (request, query) =>
    listPortalQuotes(db, currentPortalUser(request), query),
  );

  app.get('/api/portal/orcamentos/:id', { config: { access: 'portal' }, schema: { params: idParams } }, async (request) =>
    portalQuote(db, currentPortalUser(request), request.params.id),
  );

  app.get(
    '/api/portal/orcamentos/:id/pdf',
    { config: { access: 'portal' }, schema: { params: idParams } },
    async (request, reply) => {
      const me = currentPortalUser(request);
      const q = await findPortalQuote(db, me, request.params.id);
      const { pdf } = await renderQuotePdf(db, q, `portal:${me.email}`);
      return sendInlinePdf(reply, pdf, quotePdfName(q.row.numero));
    },
  );

  app.post(
    '/api/portal/orcamentos/:id/aprovacao',
    { config: { access: 'portal' }, schema: { params: idParams, body: quoteApprovalSchema } },
    async (request) => {
      const drawn = request.body.assinatura?.trim() ? await decodeSignature(request.body.assinatura.trim()) : null;
      return approveQuote(deps, currentPortalUser(request), request.params.id, request.body, drawn, decisionOrigin(request));
    },
  );

  app.post(
    '/api/portal/orcamentos/:id/recusa',
    { config: { access: 'portal' }, schema: { params: idParams, body: quoteRefusalSchema } },
    async (request) => refuseQuote(db, currentPortalUser(request), request.params.id, request.body, decisionOrigin(request)),
  );
};
