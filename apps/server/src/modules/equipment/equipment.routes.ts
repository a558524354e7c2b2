import { equipmentInputSchema, equipmentListQuerySchema, recordIdSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import {
  createEquipment,
  deleteEquipment,
  equipmentHistory,
  getEquipment,
  listEquipment,
  updateEquipment,
} from './equipment.service';

const idParams = z.object({ id: recordIdSchema });

/** docs/api.md#equipment: every signed-in user reads; only an admin writes (docs/rules.md#permissions). */
export const equipmentRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;

  app.get(
    '/api/equipamentos',
    { config: { access: 'signedIn' }, schema: { querystring: equipmentListQuerySchema } },
    async (request, reply) => {
      const { items, total } = await listEquipment(db, request.query);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  app.get('/api/equipamentos/:id', { config: { access: 'signedIn' }, schema: { params: idParams } }, async (request) =>
    getEquipment(db, request.params.id),
  );

  app.get('/api/equipamentos/:id/historico', { config: { access: 'signedIn' }, schema: { params: idParams } }, async (request) =>
    equipmentHistory(db, request.params.id),
  );

  app.post(
    '/api/equipamentos',
    { config: { access: 'admin' }, schema: { body: equipmentInputSchema } },
    async (request, reply) => {
      const created = await createEquipment(db, currentUser(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/equipamentos/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: equipmentInputSchema } },
    async (request) => updateEquipment(db, currentUser(request), request.params.id, request.body),
  );

  app.delete('/api/equipamentos/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) => {
    await deleteEquipment(db, currentUser(request), request.params.id);
    return { success: true };
  });
};
