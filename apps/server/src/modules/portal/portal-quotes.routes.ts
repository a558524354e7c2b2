import { pageQueryWithDefaults, quoteApprovalSchema, quoteRefusalSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentPortalUser, currentUser } from '../../platform/access';
import { idParams, registerPage } from '../../platform/register-routes';
import { sendInlinePdf } from '../../platform/replies';
import type { RouteDeps } from '../../platform/route-deps';
import { approveQuote, findPortalQuote, listPortalQuotes, portalQuote, refuseQuote } from '../quotes/quote-decisions';
import { quotePdfName, renderQuotePdf } from '../quotes/quote-pdf';
import { decodeSignature } from '../signatures/signatures.service';
import type { WhatsappOutbox } from '../whatsapp/outbox';
import type { WhatsappWorker } from '../whatsapp/worker';
import { approvalDeps } from './approval-decisions';
import { sendQuote } from './quote-mail';

/** Quotes sent to the client and decided in the portal (docs/rules.md#quotes, docs/api.md#quotes). */
export const portalQuotesRoutes: FastifyPluginAsyncZod<
  RouteDeps & { whatsappOutbox: WhatsappOutbox; whatsappWorker: WhatsappWorker }
> = async (app, routeDeps) => {
  const { db } = routeDeps.database;
  const deps = approvalDeps(routeDeps);
  const origin = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });

  // The office. Reads no body (an empty object at most): not an upload route.
  app.post(
    '/api/orcamentos/:id/enviar',
    { config: { access: 'staff' }, schema: { params: idParams, body: z.object({}).nullish() } },
    async (request, reply) => {
      const result = await sendQuote(deps, currentUser(request), request.params.id);
      return reply.status(result.success ? 200 : 502).send(result.success ? result : { error: result.message, ...result });
    },
  );

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
      return approveQuote(deps, currentPortalUser(request), request.params.id, request.body, drawn, origin(request));
    },
  );

  app.post(
    '/api/portal/orcamentos/:id/recusa',
    { config: { access: 'portal' }, schema: { params: idParams, body: quoteRefusalSchema } },
    async (request) => refuseQuote(db, currentPortalUser(request), request.params.id, request.body, origin(request)),
  );
};
