import {
  type SessionUser,
  servicoSchema,
  servicoUpdateSchema,
  viagemIdaSchema,
  viagemIdaUpdateSchema,
  viagemVoltaSchema,
  viagemVoltaUpdateSchema,
} from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { idempotencyKey } from '../../platform/idempotency';
import { idParams } from '../../platform/register-routes';
import * as timesheet from './timesheet.service';

const osParams = z.object({ osId: z.coerce.number().int().positive() });
const signedIn = { access: 'signedIn' } as const;

type App = Parameters<FastifyPluginAsyncZod>[0];

/** One kind of timesheet record: POST /api/{kind}/ (201), GET /api/{kind}/:osId, PUT /api/{kind}/atualizatabela/:id. */
function recordRoutes<C extends ZodType, U extends ZodType>(
  app: App,
  db: Database['db'],
  kind: string,
  schemas: { create: C; update: U },
  service: {
    create: (db: Database['db'], user: SessionUser, input: z.infer<C>, key?: string) => Promise<unknown>;
    list: (db: Database['db'], user: SessionUser, orderId: number) => Promise<unknown>;
    update: (db: Database['db'], user: SessionUser, id: number, input: z.infer<U>) => Promise<unknown>;
  },
) {
  app.post(`/api/${kind}/`, { config: signedIn, schema: { body: schemas.create } }, async (request, reply) =>
    reply.status(201).send(await service.create(db, currentUser(request), request.body as z.infer<C>, idempotencyKey(request))),
  );
  app.get(`/api/${kind}/:osId`, { config: signedIn, schema: { params: osParams } }, (request) =>
    service.list(db, currentUser(request), request.params.osId),
  );
  app.put(
    `/api/${kind}/atualizatabela/:id`,
    { config: signedIn, schema: { params: idParams, body: schemas.update } },
    (request) => service.update(db, currentUser(request), request.params.id, request.body as z.infer<U>),
  );
}

/** Timesheet of docs/api.md#timesheet: outbound trip, service days, return trip (per-order rules in the service). */
export const timesheetRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;
  recordRoutes(
    app,
    db,
    'viagemida',
    { create: viagemIdaSchema, update: viagemIdaUpdateSchema },
    { create: timesheet.createViagemIda, list: timesheet.listViagensIda, update: timesheet.updateViagemIda },
  );
  recordRoutes(
    app,
    db,
    'servicos',
    { create: servicoSchema, update: servicoUpdateSchema },
    { create: timesheet.createServico, list: timesheet.listServicos, update: timesheet.updateServico },
  );
  recordRoutes(
    app,
    db,
    'viagemvolta',
    { create: viagemVoltaSchema, update: viagemVoltaUpdateSchema },
    { create: timesheet.createViagemVolta, list: timesheet.listViagensVolta, update: timesheet.updateViagemVolta },
  );
};
