import { closingRequestSchema, reopenClosingSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import type { Config } from '../../platform/config';
import { sendInlinePdf } from '../../platform/replies';
import type { Storage } from '../../platform/storage';
import { type ChargeMessenger, sendChargeOverWhatsapp } from '../pix/pix.service';
import { pixBankFrom } from '../pix/pix-api';
import { closeOrders, computeClosingFigures, listClosings, readClosingPdf, reopenClosing } from './closing.service';

const numeroParams = z.object({ numero: z.coerce.number().int().positive() });

/** Fechamento (docs/rules.md#order-life-cycle, docs/rules.md#hours-and-closing, docs/rules.md#api-conventions): admin only. */
export const closingRoutes: FastifyPluginAsyncZod<{
  database: Database;
  storage: Storage;
  config: Config;
  whatsappOutbox: Pick<ChargeMessenger, 'clientMessage'> & { enabled: boolean };
  whatsappWorker: { kick(): void };
}> = async (app, { database, storage, config, whatsappOutbox, whatsappWorker }) => {
  // The charge made with the closing goes through the bank's PIX API when one is set (docs/rules.md#pix).
  const deps = { db: database.db, storage, bank: pixBankFrom(config.pixApi) };
  const messenger: ChargeMessenger = { clientMessage: whatsappOutbox.clientMessage, written: () => whatsappWorker.kick() };
  const admin = { access: 'admin' } as const;

  app.get('/api/fechamentos', { config: admin }, async () => listClosings(deps.db));

  app.post('/api/fechamentos/preview', { config: admin, schema: { body: closingRequestSchema } }, async (request) =>
    computeClosingFigures(deps.db, request.body.osIds),
  );

  app.post('/api/fechamentos', { config: admin, schema: { body: closingRequestSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const closing = await closeOrders(deps, request.body.osIds, user);
    // docs/rules.md#whatsapp: the charge the closing issued goes to the client's consenting contacts, once per
    // charge ('Enviar por WhatsApp' later sends nothing more). No charge (no PIX key, a zero total) sends nothing,
    // and a message that could not be written never undoes the closing.
    if (whatsappOutbox.enabled)
      await sendChargeOverWhatsapp(deps.db, messenger, closing.numero, user, deps.bank).catch((err: Error) =>
        request.log.info({ numero: closing.numero, reason: err.message }, 'cobrança do fechamento sem WhatsApp'),
      );
    return reply.status(201).send(closing);
  });

  app.get('/api/fechamentos/:numero/pdf', { config: admin, schema: { params: numeroParams } }, async (request, reply) => {
    const { data, filename } = await readClosingPdf(deps, request.params.numero, currentUser(request).username);
    return sendInlinePdf(reply, data, filename);
  });

  app.post(
    '/api/fechamentos/:numero/reabrir',
    { config: admin, schema: { params: numeroParams, body: reopenClosingSchema } },
    async (request) => reopenClosing(deps.db, request.params.numero, request.body.motivo, currentUser(request)),
  );
};
