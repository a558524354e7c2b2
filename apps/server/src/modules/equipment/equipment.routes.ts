import {
  equipmentInputSchema,
  equipmentListQuerySchema,
  labelIdsQuerySchema,
  MAINT_MSG,
  maintenanceDueQuerySchema,
  maintenanceGenerateSchema,
  recordIdSchema,
} from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import type { Config } from '../../platform/config';
import { badRequest } from '../../platform/errors';
import { registerPage, registerWrites } from '../../platform/register-routes';
import { sendInlinePdf } from '../../platform/replies';
import {
  createEquipment,
  deleteEquipment,
  equipmentHistory,
  getEquipment,
  listEquipment,
  updateEquipment,
} from './equipment.service';
import { renderLabel, renderLabelSheets } from './equipment-label';
import { generatePreventiveOrders, listDueMaintenance } from './maintenance.service';

const idParams = z.object({ id: recordIdSchema });

/**
 * docs/api.md#equipment: every signed-in user reads and prints labels; only an admin writes; admins and
 * users see the due preventive maintenance and generate its orders, a technician does not (docs/rules.md#permissions).
 */
export const equipmentRoutes: FastifyPluginAsyncZod<{ database: Database; config: Config }> = async (
  app,
  { database, config },
) => {
  const { db } = database;

  app.get(
    '/api/equipamentos/etiquetas',
    { config: { access: 'signedIn' }, schema: { querystring: labelIdsQuerySchema } },
    async (request, reply) => {
      const { ids } = request.query;
      const list = await Promise.all(
        ids.map((id) =>
          getEquipment(db, id).catch(() => {
            throw badRequest(MAINT_MSG.notFound, 'ids');
          }),
        ),
      );
      return sendInlinePdf(reply, await renderLabelSheets(list, config.appUrl), 'etiquetas-equipamentos.pdf');
    },
  );

  app.get(
    '/api/equipamentos/:id/etiqueta',
    { config: { access: 'signedIn' }, schema: { params: idParams } },
    async (request, reply) => {
      const e = await getEquipment(db, request.params.id);
      return sendInlinePdf(reply, await renderLabel(e, config.appUrl), `etiqueta-equipamento-${e.id}.pdf`);
    },
  );

  app.get(
    '/api/manutencoes/previstas',
    { config: { access: 'staff' }, schema: { querystring: maintenanceDueQuerySchema } },
    async (request) => listDueMaintenance(db, request.query.ate),
  );

  app.post(
    '/api/manutencoes/gerar',
    { config: { access: 'staff' }, schema: { body: maintenanceGenerateSchema } },
    async (request, reply) => reply.status(201).send(await generatePreventiveOrders(db, currentUser(request), request.body)),
  );

  registerPage(app, '/api/equipamentos', 'signedIn', equipmentListQuerySchema, (_request, query) => listEquipment(db, query));

  app.get('/api/equipamentos/:id', { config: { access: 'signedIn' }, schema: { params: idParams } }, async (request) =>
    getEquipment(db, request.params.id),
  );

  app.get('/api/equipamentos/:id/historico', { config: { access: 'signedIn' }, schema: { params: idParams } }, async (request) =>
    equipmentHistory(db, request.params.id),
  );

  const writes = { create: createEquipment, update: updateEquipment, remove: deleteEquipment };
  registerWrites(app, db, '/api/equipamentos', equipmentInputSchema, writes, idParams);
};
