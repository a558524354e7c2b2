import { clientInputSchema, clientListQuerySchema, portalContactInputSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { idParams, registerPage, registerWrites } from '../../platform/register-routes';
import { createClient, deleteClient, listClients, updateClient } from './clients.service';
import { createContact, deleteContact, listContacts, updateContact } from './contacts.service';

const contactParams = idParams.extend({ contatoId: z.coerce.number().int().positive() });

export const clientsRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;

  // Every signed-in user reads clients (docs/rules.md#permissions); X-Total-Count for the paged screen.
  registerPage(app, '/api/clientes', 'signedIn', clientListQuerySchema, (_request, query) => listClients(db, query));

  registerWrites(app, db, '/api/clientes', clientInputSchema, {
    create: createClient,
    update: updateClient,
    remove: deleteClient,
  });

  // Portal contacts of a client, in the client modal (docs/rules.md#portal): admin only.
  app.get('/api/clientes/:id/contatos', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) =>
    listContacts(db, request.params.id),
  );

  app.post(
    '/api/clientes/:id/contatos',
    { config: { access: 'admin' }, schema: { params: idParams, body: portalContactInputSchema } },
    async (request, reply) =>
      reply.status(201).send(await createContact(db, currentUser(request), request.params.id, request.body)),
  );

  app.put(
    '/api/clientes/:id/contatos/:contatoId',
    { config: { access: 'admin' }, schema: { params: contactParams, body: portalContactInputSchema } },
    async (request) => updateContact(db, currentUser(request), request.params.id, request.params.contatoId, request.body),
  );

  app.delete(
    '/api/clientes/:id/contatos/:contatoId',
    { config: { access: 'admin' }, schema: { params: contactParams } },
    async (request) => {
      await deleteContact(db, currentUser(request), request.params.id, request.params.contatoId);
      return { success: true };
    },
  );
};
