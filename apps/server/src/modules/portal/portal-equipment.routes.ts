import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentPortalUser } from '../../platform/access';
import { listPortalEquipment, portalEquipmentHistory } from './portal-equipment.service';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

/** The client's equipment and each one's history in the portal (docs/rules.md#portal, docs/api.md#portal). */
export const portalEquipmentRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;

  app.get('/api/portal/equipamentos', { config: { access: 'portal' } }, async (request) =>
    listPortalEquipment(db, currentPortalUser(request)),
  );

  app.get(
    '/api/portal/equipamentos/:id/historico',
    { config: { access: 'portal' }, schema: { params: idParams } },
    async (request) => portalEquipmentHistory(db, currentPortalUser(request), request.params.id),
  );
};
