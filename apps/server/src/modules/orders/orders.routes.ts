import { orderCreateSchema, orderListQuerySchema, orderReportQuerySchema, orderUpdateSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { idParams, registerPage } from '../../platform/register-routes';
import type { AgendaNotifier } from '../agenda/agenda-mail';
import { orderForRead } from '../order-records/order-guard';
import { countOrderRecords, orderHistory } from './order-history';
import type { ConclusionListener } from './order-lifecycle';
import { createOrder, deleteOrder, type OrderListeners, type OrderOutbox, updateOrder } from './orders.service';
import { getOrderView, listOrdersJson } from './orders-list';

/** Service orders (docs/api.md#orders; roles of docs/rules.md#permissions). */
export const ordersRoutes: FastifyPluginAsyncZod<{
  database: Database;
  agendaNotifier: AgendaNotifier;
  /** The client's notices (modules/portal/portal-notices.ts, built by app.ts); orders stand below the portal. */
  portalNotices: { concluded: ConclusionListener };
  /** WhatsApp messages written with the change (modules/whatsapp, built by app.ts). */
  orderOutbox: OrderOutbox;
}> = async (app, { database, agendaNotifier, portalNotices, orderOutbox }) => {
  const { db } = database;
  const listeners: OrderListeners = {
    // A change of technician or window tells the technicians (docs/rules.md#agenda).
    onAgenda: (change) => agendaNotifier.notify(change),
    // An order concluded by hand tells the client (docs/rules.md#portal).
    onConcluded: (orderId, user) => portalNotices.concluded(orderId, user),
    // Both, and the client's contacts, over WhatsApp (docs/rules.md#whatsapp).
    outbox: orderOutbox,
  };

  // Every role; a technician gets only the orders assigned to them.
  registerPage(app, '/api/os', 'signedIn', orderListQuerySchema, (request, query) =>
    listOrdersJson(db, currentUser(request), query),
  );

  // The report (docs/rules.md#permissions: reports are admin-only).
  registerPage(app, '/api/os/filtrado', 'admin', orderReportQuerySchema, (request, query) =>
    listOrdersJson(db, currentUser(request), query),
  );

  app.get('/api/os/:id', { config: { access: 'signedIn' }, schema: { params: idParams } }, async (request) => {
    await orderForRead(db, currentUser(request), request.params.id);
    return getOrderView(db, request.params.id);
  });

  app.post('/api/os', { config: { access: 'staff' }, schema: { body: orderCreateSchema } }, async (request, reply) => {
    const order = await createOrder(db, currentUser(request), request.body, listeners);
    return reply.status(201).send(order);
  });

  app.put(
    '/api/os/:id',
    { config: { access: 'staff' }, schema: { params: idParams, body: orderUpdateSchema } },
    async (request) => updateOrder(db, currentUser(request), request.params.id, request.body, listeners),
  );

  app.delete('/api/os/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) => {
    await deleteOrder(db, currentUser(request), request.params.id, listeners);
    return { success: true };
  });

  // What a delete takes with it, so the screen can ask a second confirmation.
  app.get('/api/os/:id/registros', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) => {
    await orderForRead(db, currentUser(request), request.params.id);
    return countOrderRecords(db, request.params.id);
  });

  // The audit trail (docs/rules.md#api-conventions), kept after the order is deleted.
  app.get('/api/os/:id/historico', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) =>
    orderHistory(db, request.params.id),
  );
};
