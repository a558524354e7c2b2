import {
  servicoSchema,
  servicoUpdateSchema,
  viagemIdaSchema,
  viagemIdaUpdateSchema,
  viagemVoltaSchema,
  viagemVoltaUpdateSchema,
} from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { idempotencyKey } from '../../platform/idempotency';
import * as timesheet from './timesheet.service';

const osParams = z.object({ osId: z.coerce.number().int().positive() });
const idParams = z.object({ id: z.coerce.number().int().positive() });
const signedIn = { access: 'signedIn' } as const;

/** Timesheet of docs/api.md#timesheet: outbound trip, service days, return trip (per-order rules in the service). */
export const timesheetRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;

  app.post('/api/viagemida/', { config: signedIn, schema: { body: viagemIdaSchema } }, async (request, reply) => {
    const trip = await timesheet.createViagemIda(db, currentUser(request), request.body, idempotencyKey(request));
    return reply.status(201).send(trip);
  });
  app.get('/api/viagemida/:osId', { config: signedIn, schema: { params: osParams } }, (request) =>
    timesheet.listViagensIda(db, currentUser(request), request.params.osId),
  );
  app.put(
    '/api/viagemida/atualizatabela/:id',
    { config: signedIn, schema: { params: idParams, body: viagemIdaUpdateSchema } },
    (request) => timesheet.updateViagemIda(db, currentUser(request), request.params.id, request.body),
  );

  app.post('/api/servicos/', { config: signedIn, schema: { body: servicoSchema } }, async (request, reply) => {
    const entry = await timesheet.createServico(db, currentUser(request), request.body, idempotencyKey(request));
    return reply.status(201).send(entry);
  });
  app.get('/api/servicos/:osId', { config: signedIn, schema: { params: osParams } }, (request) =>
    timesheet.listServicos(db, currentUser(request), request.params.osId),
  );
  app.put(
    '/api/servicos/atualizatabela/:id',
    { config: signedIn, schema: { params: idParams, body: servicoUpdateSchema } },
    (request) => timesheet.updateServico(db, currentUser(request), request.params.id, request.body),
  );

  app.post('/api/viagemvolta/', { config: signedIn, schema: { body: viagemVoltaSchema } }, async (request, reply) => {
    const trip = await timesheet.createViagemVolta(db, currentUser(request), request.body, idempotencyKey(request));
    return reply.status(201).send(trip);
  });
  app.get('/api/viagemvolta/:osId', { config: signedIn, schema: { params: osParams } }, (request) =>
    timesheet.listViagensVolta(db, currentUser(request), request.params.osId),
  );
  app.put(
    '/api/viagemvolta/atualizatabela/:id',
    { config: signedIn, schema: { params: idParams, body: viagemVoltaUpdateSchema } },
    (request) => timesheet.updateViagemVolta(db, currentUser(request), request.params.id, request.body),
  );
};
