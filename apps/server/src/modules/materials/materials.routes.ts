import {
  materialInputSchema,
  materialListQuerySchema,
  movementInputSchema,
  movementListQuerySchema,
  orderMaterialInputSchema,
  placeBalancesQuerySchema,
  recordIdSchema,
  stockCountSchema,
  stockPlaceInputSchema,
} from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { idempotencyKey } from '../../platform/idempotency';
import { registerPage, registerWrites } from '../../platform/register-routes';
import { createMaterial, deleteMaterial, getMaterial, listMaterials, updateMaterial } from './materials.service';
import { createOrderMaterial, deleteOrderMaterial, listOrderMaterials, updateOrderMaterial } from './order-materials';
import { countPlace, listMovements, postMovement } from './stock-movements';
import { createPlace, listPlaces, placeBalances } from './stock-places';

const idParams = z.object({ id: recordIdSchema });
const placeParams = z.object({ localId: recordIdSchema });
const lineParams = z.object({ id: recordIdSchema, itemId: recordIdSchema });
const signedIn = { access: 'signedIn' } as const;
const staff = { access: 'staff' } as const;

/**
 * docs/api.md#materials-and-stock: everyone signed in reads the register, admins write it; admins and users move
 * stock; a technician reads and counts only their own vehicle and writes the materials of their own orders.
 */
export const materialsRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;

  registerPage(app, '/api/materiais', 'signedIn', materialListQuerySchema, (_request, query) => listMaterials(db, query));
  app.get('/api/materiais/:id', { config: signedIn, schema: { params: idParams } }, (request) =>
    getMaterial(db, request.params.id),
  );
  const writes = { create: createMaterial, update: updateMaterial, remove: deleteMaterial };
  registerWrites(app, db, '/api/materiais', materialInputSchema, writes, idParams);

  app.get('/api/estoques', { config: signedIn }, (request) => listPlaces(db, currentUser(request)));
  app.post('/api/estoques', { config: { access: 'admin' }, schema: { body: stockPlaceInputSchema } }, async (request, reply) =>
    reply.status(201).send(await createPlace(db, currentUser(request), request.body.nome)),
  );
  registerPage(app, '/api/estoques/movimentos', 'staff', movementListQuerySchema, (_request, query) => listMovements(db, query));
  app.post('/api/estoques/movimentos', { config: staff, schema: { body: movementInputSchema } }, async (request, reply) =>
    reply.status(201).send(await postMovement(db, currentUser(request), request.body)),
  );
  registerPage(
    app,
    '/api/estoques/:localId/saldos',
    'signedIn',
    placeBalancesQuerySchema,
    (request, query) => placeBalances(db, currentUser(request), (request.params as { localId: number }).localId, query),
    placeParams,
  );
  app.post(
    '/api/estoques/:localId/conferencia',
    { config: signedIn, schema: { params: placeParams, body: stockCountSchema } },
    (request) => countPlace(db, currentUser(request), request.params.localId, request.body),
  );

  app.get('/api/os/:id/materiais', { config: signedIn, schema: { params: idParams } }, (request) =>
    listOrderMaterials(db, currentUser(request), request.params.id),
  );
  app.post(
    '/api/os/:id/materiais',
    { config: signedIn, schema: { params: idParams, body: orderMaterialInputSchema } },
    async (request, reply) => {
      const key = idempotencyKey(request);
      return reply.status(201).send(await createOrderMaterial(db, currentUser(request), request.params.id, request.body, key));
    },
  );
  app.put(
    '/api/os/:id/materiais/:itemId',
    { config: signedIn, schema: { params: lineParams, body: orderMaterialInputSchema } },
    (request) => updateOrderMaterial(db, currentUser(request), request.params.id, request.params.itemId, request.body),
  );
  app.delete('/api/os/:id/materiais/:itemId', { config: signedIn, schema: { params: lineParams } }, async (request) => {
    await deleteOrderMaterial(db, currentUser(request), request.params.id, request.params.itemId);
    return { success: true };
  });
};
