import {
  PORTAL_MSG,
  type PortalMe,
  portalLinkRequestSchema,
  portalOrderListQuerySchema,
  portalSessionRequestSchema,
  portalWhatsappSchema,
} from '@os/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { clients, portalContacts } from '../../db/schema';
import { clearPortalCookie, currentPortalUser, setPortalCookie } from '../../platform/access';
import { createBackground } from '../../platform/background';
import { AppError } from '../../platform/errors';
import { sniffMime } from '../../platform/files';
import { idParams, registerPage } from '../../platform/register-routes';
import { sendInlinePdf, sendPrivateFile } from '../../platform/replies';
import type { RoutesPlugin } from '../../platform/route-deps';
import { endPortalSession, portalToken } from '../../platform/session';
import { openPortalSession, sendPortalLinks, takeLinkRequest } from './portal-auth.service';
import { listPortalOrders, portalChecklistPhoto, portalOrderDetail, portalOrderPdf, portalPhoto } from './portal-orders.service';

const photoParams = idParams.extend({ descricaoId: z.coerce.number().int().positive() });

/** The customer portal's sign-in and session (docs/rules.md#portal, docs/api.md#portal). */
export const portalRoutes: RoutesPlugin = async (app, { database, config, mailer, storage }) => {
  const { db } = database;

  // The links go out after the answer (docs/rules.md#portal): a known and an unknown e-mail answer alike, in time too.
  const links = createBackground(app.log, 'portal link not issued');
  app.addHook('onClose', () => links.idle());
  const afterReply = new WeakMap<object, () => Promise<void>>();

  app.post(
    '/api/portal/entrar',
    {
      config: { access: 'public' },
      schema: { body: portalLinkRequestSchema },
      onResponse: async (request) => {
        const send = afterReply.get(request);
        if (send) links.run(send);
      },
    },
    async (request, reply) => {
      const { email, destino } = request.body;
      if (await takeLinkRequest(db, email, request.ip)) {
        afterReply.set(request, () => sendPortalLinks({ db, mailer, appUrl: config.appUrl, log: request.log }, email, destino));
      }
      return reply.status(202).send({ message: PORTAL_MSG.linkSent });
    },
  );

  app.post(
    '/api/portal/sessao',
    { config: { access: 'public' }, schema: { body: portalSessionRequestSchema } },
    async (request, reply) => {
      const { token } = request.body;
      if (typeof token !== 'string' || !token || token.length > 200) throw new AppError(401, PORTAL_MSG.invalidLink);
      const opened = await openPortalSession(db, token);
      // A new session at every sign-in: one planted before is never reused.
      const old = portalToken(request);
      if (old) await endPortalSession(db, old);
      setPortalCookie(request, reply, opened.token);
      return { success: true };
    },
  );

  async function portalMe(me: ReturnType<typeof currentPortalUser>): Promise<PortalMe> {
    const [client] = await db.select({ razao: clients.razao }).from(clients).where(eq(clients.id, me.clienteId)).limit(1);
    const [contact] = await db
      .select({ whatsapp: portalContacts.whatsapp, aceitaWhatsapp: portalContacts.aceitaWhatsapp })
      .from(portalContacts)
      .where(eq(portalContacts.id, me.contatoId))
      .limit(1);
    return {
      contatoId: me.contatoId,
      nome: me.nome,
      email: me.email,
      clienteId: me.clienteId,
      cliente: client?.razao ?? '',
      whatsapp: contact?.whatsapp ?? null,
      aceitaWhatsapp: contact?.aceitaWhatsapp ?? false,
    };
  }

  app.get('/api/portal/eu', { config: { access: 'portal' } }, async (request) => portalMe(currentPortalUser(request)));

  // docs/rules.md#whatsapp: the contact gives or withdraws its consent to WhatsApp messages itself (LGPD).
  app.put('/api/portal/whatsapp', { config: { access: 'portal' }, schema: { body: portalWhatsappSchema } }, async (request) => {
    const me = currentPortalUser(request);
    await db
      .update(portalContacts)
      .set({ whatsapp: request.body.whatsapp, aceitaWhatsapp: request.body.aceitaWhatsapp, updatedAt: new Date() })
      .where(eq(portalContacts.id, me.contatoId));
    return portalMe(me);
  });

  app.post('/api/portal/sair', { config: { access: 'public' } }, async (request, reply) => {
    const token = portalToken(request);
    if (token) await endPortalSession(db, token);
    clearPortalCookie(request, reply);
    return { success: true };
  });

  // The client's orders (docs/rules.md#portal): its own only; another client's id answers 404.
  registerPage(app, '/api/portal/os', 'portal', portalOrderListQuerySchema, (request, query) =>
    listPortalOrders(db, currentPortalUser(request), query),
  );

  app.get('/api/portal/os/:id', { config: { access: 'portal' }, schema: { params: idParams } }, async (request) =>
    portalOrderDetail(db, currentPortalUser(request), request.params.id),
  );

  app.get('/api/portal/os/:id/pdf', { config: { access: 'portal' }, schema: { params: idParams } }, async (request, reply) => {
    const { data, filename } = await portalOrderPdf({ db, storage }, currentPortalUser(request), request.params.id);
    return sendInlinePdf(reply, data, filename);
  });

  app.get(
    '/api/portal/os/:id/checklist/fotos/:itemId',
    { config: { access: 'portal' }, schema: { params: idParams.extend({ itemId: z.coerce.number().int().positive() }) } },
    async (request, reply) => {
      const data = await portalChecklistPhoto(db, storage, currentPortalUser(request), request.params.id, request.params.itemId);
      return sendPrivateFile(reply, 'image/jpeg', data);
    },
  );

  app.get(
    '/api/portal/os/:id/fotos/:descricaoId',
    { config: { access: 'portal' }, schema: { params: photoParams } },
    async (request, reply) => {
      const data = await portalPhoto(db, storage, currentPortalUser(request), request.params.id, request.params.descricaoId);
      const mime = (await sniffMime(data)) ?? 'application/octet-stream';
      return sendPrivateFile(reply, mime.startsWith('image/') ? mime : 'application/octet-stream', data);
    },
  );
};
