import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { idParams } from '../../platform/register-routes';
import { sendInlinePdf } from '../../platform/replies';
import type { Storage } from '../../platform/storage';
import { generateOrderPdf, type OfficePdfKind, readOrderPdf } from './order-pdf.service';

/** Order PDFs (docs/api.md#orders): admins generate; admins and the assigned user or technician view. */
export const orderPdfRoutes: FastifyPluginAsyncZod<{ database: Database; storage: Storage }> = async (
  app,
  { database, storage },
) => {
  const deps = { db: database.db, storage };

  const generate = (kind: OfficePdfKind) =>
    app.post(`/api/os/:id/${kind}`, { config: { access: 'admin' }, schema: { params: idParams } }, async (request) => {
      const { key: _key, ...answer } = await generateOrderPdf(deps, request.params.id, kind, currentUser(request));
      return answer;
    });
  generate('pdf');
  generate('pdfcompleto');

  const view = (path: string, kind: OfficePdfKind) =>
    app.get(path, { config: { access: 'signedIn' }, schema: { params: idParams } }, async (request, reply) => {
      const { data, filename } = await readOrderPdf(deps, request.params.id, kind, currentUser(request));
      return sendInlinePdf(reply, data, filename);
    });
  view('/api/os/:id/pdfviewer', 'pdf');
  view('/api/os/:id/pdfcompleto_os', 'pdfcompleto');
};
