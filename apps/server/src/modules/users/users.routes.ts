import { userCreateSchema, userUpdateSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { Config } from '../../platform/config';
import type { Mailer } from '../../platform/mail';
import { registerWrites } from '../../platform/register-routes';
import { sessionToken } from '../../platform/session';
import { sendAccountChanged } from '../auth/account-notice';
import { createUser, deleteUser, listUsers, updateUser } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{
  database: Database;
  config: Config;
  mailer: Mailer;
}> = async (app, { database, config, mailer }) => {
  const { db } = database;

  // docs/rules.md#permissions: staff read the list (technician dropdown); technicians do not.
  app.get('/api/users', { config: { access: 'staff' } }, async () => listUsers(db));

  registerWrites(
    app,
    db,
    '/api/users',
    { create: userCreateSchema, update: userUpdateSchema },
    {
      create: createUser,
      update: (db, actor, id, input, request) =>
        updateUser(db, actor, id, input, sessionToken(request), (change) => {
          void sendAccountChanged(mailer, { ...change, appUrl: config.appUrl }, request.log);
        }),
      remove: deleteUser,
    },
  );
};
