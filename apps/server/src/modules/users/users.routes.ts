import { userCreateSchema, userUpdateSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerWrites } from '../../platform/register-routes';
import type { RouteDeps } from '../../platform/route-deps';
import { sessionToken } from '../../platform/session';
import { sendAccountChanged } from '../auth/account-notice';
import { createUser, deleteUser, listUsers, type UserListeners, updateUser } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<
  RouteDeps & {
    /** What the stock does with an active technician (built by app.ts; docs/architecture.md#between-server-modules). */
    userListeners: UserListeners;
  }
> = async (app, { database, config, mailer, userListeners }) => {
  const { db } = database;

  // docs/rules.md#permissions: staff read the list (technician dropdown); technicians do not.
  app.get('/api/users', { config: { access: 'staff' } }, async () => listUsers(db));

  registerWrites(
    app,
    db,
    '/api/users',
    { create: userCreateSchema, update: userUpdateSchema },
    {
      create: (db, actor, input) => createUser(db, actor, input, userListeners),
      update: (db, actor, id, input, request) =>
        updateUser(db, actor, id, input, sessionToken(request), {
          ...userListeners,
          onAccountChanged: (change) => void sendAccountChanged(mailer, { ...change, appUrl: config.appUrl }, request.log),
        }),
      remove: deleteUser,
    },
  );
};
