import { quoteInputSchema, quoteListQuerySchema } from '@os/shared';
import { z } from 'zod';
import { currentUser } from '../../platform/access';
import { idParams, registerPage } from '../../platform/register-routes';
import { sendInlinePdf, sendPrivateFile } from '../../platform/replies';
import type { RoutesPlugin } from '../../platform/route-deps';
import { orderForRead } from '../order-records/order-guard';
import { quoteSignature } from './quote-decisions';
import { loadQuote, toQuote } from './quote-load';
import { quotePdfName, renderQuotePdf } from './quote-pdf';
import { createQuote, generateOrder, listQuotes, quoteOfOrder, updateQuote } from './quotes.service';

const staff = { access: 'staff' } as const;

/** 'Orçamentos' (docs/rules.md#quotes, docs/api.md#quotes): admin and user. Sending is in portal/portal-quotes.routes.ts. */
export const quotesRoutes: RoutesPlugin = async (app, { database, storage }) => {
  const { db } = database;

  registerPage(app, '/api/orcamentos', 'staff', quoteListQuerySchema, (_request, query) => listQuotes(db, query));

  app.post('/api/orcamentos', { config: staff, schema: { body: quoteInputSchema } }, async (request, reply) =>
    reply.status(201).send(await createQuote(db, currentUser(request), request.body)),
  );

  app.get('/api/orcamentos/:id', { config: staff, schema: { params: idParams } }, async (request) =>
    toQuote(await loadQuote(db, request.params.id)),
  );

  app.put('/api/orcamentos/:id', { config: staff, schema: { params: idParams, body: quoteInputSchema } }, async (request) =>
    updateQuote(db, currentUser(request), request.params.id, request.body),
  );

  app.get('/api/orcamentos/:id/pdf', { config: staff, schema: { params: idParams } }, async (request, reply) => {
    const q = await loadQuote(db, request.params.id);
    const { pdf } = await renderQuotePdf(db, q, currentUser(request).username);
    return sendInlinePdf(reply, pdf, quotePdfName(q.row.numero));
  });

  app.get('/api/orcamentos/:id/assinatura', { config: staff, schema: { params: idParams } }, async (request, reply) =>
    sendPrivateFile(reply, 'image/png', await quoteSignature(db, storage, request.params.id)),
  );

  // Reads no body (an empty object at most): not an upload route.
  app.post(
    '/api/orcamentos/:id/gerar-os',
    { config: staff, schema: { params: idParams, body: z.object({}).nullish() } },
    async (request, reply) => reply.status(201).send(await generateOrder(db, currentUser(request), request.params.id)),
  );

  // The order's technician reads it too: the planned materials, to take them along (no prices in it).
  app.get('/api/os/:id/orcamento', { config: { access: 'signedIn' }, schema: { params: idParams } }, async (request) => {
    await orderForRead(db, currentUser(request), request.params.id);
    return { orcamento: await quoteOfOrder(db, request.params.id) };
  });
};
