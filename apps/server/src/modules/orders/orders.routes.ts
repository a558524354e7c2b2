import { orderCreateSchema, orderListQuerySchema, orderReportQuerySchema, orderUpdateSchema, type SessionUser } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { idParams, registerPage } from '../../platform/register-routes';
import type { AgendaNotifier } from '../agenda/agenda-mail';
import type { PortalNotices } from '../portal/portal-notices';
import { orderForRead } from './order-access';
import {
  type AgendaChange,
  countOrderRecords,
  createOrder,
  deleteOrder,
  findOrder,
  listOrdersJson,
  orderHistory,
  updateOrder,
} from './orders.service';

/** Service orders (docs/api.md#orders; roles of docs/rules.md#permissions). */
export const ordersRoutes: FastifyPluginAsyncZod<{
  database: Database;
  agendaNotifier: AgendaNotifier;
  portalNotices: PortalNotices;
}> = async (app, { database, agendaNotifier, portalNotices }) => {
  const { db } = database;
  // A change of technician or window tells the technicians (docs/rules.md#agenda).
  const onAgenda = (change: AgendaChange) => agendaNotifier.notify(change);
  // An order concluded by hand tells the client (docs/rules.md#portal).
  const onConcluded = (orderId: number, user: SessionUser) => portalNotices.concluded(orderId, user);

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
    return findOrder(db, request.params.id);
  });

  app.post('/api/os', { config: { access: 'staff' }, schema: { body: orderCreateSchema } }, async (request, reply) => {
    const order = await createOrder(db, currentUser(request), request.body, onAgenda);
    return reply.status(201).send(order);
  });

  app.put(
    '/api/os/:id',
    { config: { access: 'staff' }, schema: { params: idParams, body: orderUpdateSchema } },
    async (request) => updateOrder(db, currentUser(request), request.params.id, request.body, onAgenda, onConcluded),
  );

  app.delete('/api/os/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) => {
    await deleteOrder(db, currentUser(request), request.params.id, onAgenda);
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
