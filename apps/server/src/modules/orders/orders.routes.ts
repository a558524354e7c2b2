import { orderCreateSchema, orderListQuerySchema, orderReportQuerySchema, orderUpdateSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { orderForRead } from './order-access';
import {
  countOrderRecords,
  createOrder,
  deleteOrder,
  findOrder,
  listOrdersJson,
  orderHistory,
  updateOrder,
} from './orders.service';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Service orders (spec §7 Orders; roles of DECISIONS.md §4). */
export const ordersRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;

  // Every role; a technician gets only the orders assigned to them.
  app.get(
    '/api/os',
    { config: { access: 'signedIn' }, schema: { querystring: orderListQuerySchema } },
    async (request, reply) => {
      const { json, total } = await listOrdersJson(db, currentUser(request), request.query);
      return reply.header('X-Total-Count', String(total)).type('application/json; charset=utf-8').send(json);
    },
  );

  // The report (DECISIONS.md §4: reports are admin-only).
  app.get(
    '/api/os/filtrado',
    { config: { access: 'admin' }, schema: { querystring: orderReportQuerySchema } },
    async (request, reply) => {
      const { json, total } = await listOrdersJson(db, currentUser(request), request.query);
      return reply.header('X-Total-Count', String(total)).type('application/json; charset=utf-8').send(json);
    },
  );

  app.get('/api/os/:id', { config: { access: 'signedIn' }, schema: { params: idParams } }, async (request) => {
    await orderForRead(db, currentUser(request), request.params.id);
    return findOrder(db, request.params.id);
  });

  app.post('/api/os', { config: { access: 'staff' }, schema: { body: orderCreateSchema } }, async (request, reply) => {
    const order = await createOrder(db, currentUser(request), request.body);
    return reply.status(201).send(order);
  });

  app.put(
    '/api/os/:id',
    { config: { access: 'staff' }, schema: { params: idParams, body: orderUpdateSchema } },
    async (request) => updateOrder(db, currentUser(request), request.params.id, request.body),
  );

  app.delete('/api/os/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) => {
    await deleteOrder(db, currentUser(request), request.params.id);
    return { success: true };
  });

  // What a delete takes with it, so the screen can ask a second confirmation.
  app.get('/api/os/:id/registros', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) => {
    await orderForRead(db, currentUser(request), request.params.id);
    return countOrderRecords(db, request.params.id);
  });

  // The audit trail (DECISIONS.md §8), kept after the order is deleted.
  app.get('/api/os/:id/historico', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) =>
    orderHistory(db, request.params.id),
  );
};
