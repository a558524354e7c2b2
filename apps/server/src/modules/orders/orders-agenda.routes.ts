import { agendaPendingQuerySchema, agendaQuerySchema, agendaUpdateSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { idParams, registerPage } from '../../platform/register-routes';
import type { AgendaNotifier } from '../agenda/agenda-mail';
import { orderForRead } from '../order-records/order-guard';
import type { OrderOutbox } from './orders.service';
import { agendaJson, pendingJson, scheduleOrder } from './orders-agenda';

/** Agenda and dispatch (docs/rules.md#agenda; who may do what: docs/rules.md#permissions). */
export const agendaRoutes: FastifyPluginAsyncZod<{
  database: Database;
  agendaNotifier: AgendaNotifier;
  orderOutbox: OrderOutbox;
}> = async (app, { database, agendaNotifier, orderOutbox }) => {
  const { db } = database;

  // Every role reads; a technician only their own orders.
  app.get('/api/agenda', { config: { access: 'signedIn' }, schema: { querystring: agendaQuerySchema } }, async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(await agendaJson(db, currentUser(request), request.query, agendaNotifier.delayMs)),
  );

  registerPage(app, '/api/agenda/pendentes', 'signedIn', agendaPendingQuerySchema, (request, query) =>
    pendingJson(db, currentUser(request), query),
  );

  // Scheduling, moving and assigning: the office (admin, user).
  app.put(
    '/api/os/:id/agenda',
    { config: { access: 'staff' }, schema: { params: idParams, body: agendaUpdateSchema } },
    async (request) =>
      scheduleOrder(db, currentUser(request), request.params.id, request.body, {
        onAgenda: (change) => agendaNotifier.notify(change),
        outbox: orderOutbox,
      }),
  );

  // 'Avisar agora' (docs/rules.md#notices-that-settle): the waiting notice goes at once; the office.
  app.post('/api/os/:id/agenda/avisar', { config: { access: 'staff' }, schema: { params: idParams } }, async (request) => {
    await orderForRead(db, currentUser(request), request.params.id);
    return { enviado: await agendaNotifier.sendNow(request.params.id) };
  });
};
