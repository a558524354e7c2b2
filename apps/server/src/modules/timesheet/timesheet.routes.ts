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
import type { ZodType, z } from 'zod';
import type { Database, Db } from '../../db/client';
import { currentUser } from '../../platform/access';
import { idempotencyKey } from '../../platform/idempotency';
import { registerRecordEdits } from '../../platform/register-routes';
import type { ConclusionListener, ConclusionOutbox } from '../orders/order-lifecycle';
import {
  createServico,
  createViagemIda,
  createViagemVolta,
  listServicos,
  listViagensIda,
  listViagensVolta,
  updateServico,
  updateViagemIda,
  updateViagemVolta,
} from './timesheet.service';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** One kind of timesheet record: POST /api/{kind}/ (201), then its list and edit (registerRecordEdits). */
function recordRoutes<C extends ZodType, U extends ZodType>(
  app: App,
  db: Db,
  kind: string,
  [createBody, updateBody]: [C, U],
  [create, list, update]: [
    (db: Db, user: SessionUser, input: z.infer<C>, key?: string) => Promise<unknown>,
    (db: Db, user: SessionUser, orderId: number) => Promise<unknown>,
    (db: Db, user: SessionUser, id: number, input: z.infer<U>) => Promise<unknown>,
  ],
) {
  app.post(`/api/${kind}/`, { config: { access: 'signedIn' }, schema: { body: createBody } }, async (request, reply) =>
    reply.status(201).send(await create(db, currentUser(request), request.body as z.infer<C>, idempotencyKey(request))),
  );
  registerRecordEdits(app, db, kind, updateBody, list, update);
}

/** Timesheet of docs/api.md#timesheet: outbound trip, service days, return trip (per-order rules in the service). */
export const timesheetRoutes: FastifyPluginAsyncZod<{
  database: Database;
  portalNotices: { concluded: ConclusionListener };
  orderOutbox: ConclusionOutbox;
}> = async (app, { database, portalNotices, orderOutbox }) => {
  const { db } = database;
  const ida = [createViagemIda, listViagensIda, updateViagemIda] as const;
  // A return trip that concludes the order tells the client, after the commit (docs/rules.md#portal).
  const createVolta = (db: Db, user: SessionUser, input: z.output<typeof viagemVoltaSchema>, key?: string) =>
    createViagemVolta(db, user, input, key, {
      onConcluded: (orderId, by) => portalNotices.concluded(orderId, by),
      outbox: orderOutbox,
    });
  const volta = [createVolta, listViagensVolta, updateViagemVolta] as const;
  recordRoutes(app, db, 'viagemida', [viagemIdaSchema, viagemIdaUpdateSchema], [...ida]);
  recordRoutes(app, db, 'servicos', [servicoSchema, servicoUpdateSchema], [createServico, listServicos, updateServico]);
  recordRoutes(app, db, 'viagemvolta', [viagemVoltaSchema, viagemVoltaUpdateSchema], [...volta]);
};
