import { userCreateSchema, userUpdateSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import type { Config } from '../../platform/config';
import type { Mailer } from '../../platform/mail';
import { sessionToken } from '../../platform/session';
import { sendAccountChanged } from '../auth/account-notice';
import { createUser, deleteUser, listUsers, updateUser } from './users.service';

const idParams = z.object({ id: z.coerce.number().int().positive() });

export const usersRoutes: FastifyPluginAsyncZod<{
  database: Database;
  config: Config;
  mailer: Mailer;
}> = async (app, { database, config, mailer }) => {
  const { db } = database;

  // docs/rules.md#permissions: staff read the list (technician dropdown); technicians do not.
  app.get('/api/users', { config: { access: 'staff' } }, async () => listUsers(db));

  app.post('/api/users', { config: { access: 'admin' }, schema: { body: userCreateSchema } }, async (request, reply) => {
    const user = await createUser(db, currentUser(request), request.body);
    return reply.status(201).send(user);
  });

  app.put(
    '/api/users/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: userUpdateSchema } },
    async (request) =>
      updateUser(db, currentUser(request), request.params.id, request.body, sessionToken(request), (change) => {
        void sendAccountChanged(mailer, { ...change, appUrl: config.appUrl }, request.log);
      }),
  );

  app.delete('/api/users/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) => {
    await deleteUser(db, currentUser(request), request.params.id);
    return { success: true };
  });
};
