import { pageQueryWithDefaults, pixCancelSchema, pixPaidSchema, pixSettingsSchema } from '@os/shared';
import { z } from 'zod';
import { currentPortalUser, currentUser } from '../../platform/access';
import { registerPage } from '../../platform/register-routes';
import type { RoutesPlugin } from '../../platform/route-deps';
import {
  cancelCharge,
  chargeTotals,
  clientCharges,
  closingCharge,
  markChargePaid,
  readPixSettings,
  savePixSettings,
} from './pix.service';

const numeroParams = z.object({ numero: z.coerce.number().int().positive().max(2_147_483_647) });
const admin = { access: 'admin' } as const;

/** PIX (docs/rules.md#pix, docs/api.md#pix): the company's data and the closings' charges are the admin's; the portal reads its own. */
export const pixRoutes: RoutesPlugin = async (app, { database }) => {
  const { db } = database;

  app.get('/api/configuracoes/pix', { config: admin }, async () => readPixSettings(db));
  app.put('/api/configuracoes/pix', { config: admin, schema: { body: pixSettingsSchema } }, async (request) =>
    savePixSettings(db, request.body, currentUser(request)),
  );

  app.get('/api/fechamentos/:numero/cobranca', { config: admin, schema: { params: numeroParams } }, async (request) =>
    closingCharge(db, request.params.numero),
  );
  app.post(
    '/api/fechamentos/:numero/cobranca/paga',
    { config: admin, schema: { params: numeroParams, body: pixPaidSchema } },
    async (request) => markChargePaid(db, request.params.numero, request.body.data, currentUser(request)),
  );
  app.post(
    '/api/fechamentos/:numero/cobranca/cancelar',
    { config: admin, schema: { params: numeroParams, body: pixCancelSchema } },
    async (request) => cancelCharge(db, request.params.numero, request.body.motivo, currentUser(request)),
  );
  app.get('/api/cobrancas/resumo', { config: admin }, async () => chargeTotals(db));

  registerPage(app, '/api/portal/cobrancas', 'portal', z.object(pageQueryWithDefaults(50, 10)), (request, query) =>
    clientCharges(db, currentPortalUser(request).clienteId, query),
  );
};
