import { timingSafeEqual } from 'node:crypto';
import {
  pageQueryWithDefaults,
  pixCancelSchema,
  pixDueSchema,
  pixPaidSchema,
  pixSettingsSchema,
  type SessionUser,
} from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentPortalUser, currentUser } from '../../platform/access';
import { notFound } from '../../platform/errors';
import { registerPage } from '../../platform/register-routes';
import type { RouteDeps } from '../../platform/route-deps';
import {
  type ChargeMessenger,
  cancelCharge,
  chargeTotals,
  clientCharges,
  closingCharge,
  markChargePaid,
  readPixSettings,
  savePixSettings,
  sendChargeOverWhatsapp,
} from './pix.service';
import { pixBankFrom } from './pix-api';
import { setChargeDue } from './pix-due';
import { receiveWebhook, refreshCharge } from './pix-payments';

const sameSecret = (given: string, expected: string | undefined) => {
  if (!expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const numeroParams = z.object({ numero: z.coerce.number().int().positive().max(2_147_483_647) });
const admin = { access: 'admin' } as const;
/** 'consultar' and 'whatsapp' read no body (an empty object at most): not upload routes. */
const noBody = z.object({}).nullish();

/** PIX (docs/rules.md#pix, docs/api.md#pix): the company's data and the closings' charges are the admin's; the portal reads its own. */
export const pixRoutes: FastifyPluginAsyncZod<
  RouteDeps & { whatsappOutbox: Pick<ChargeMessenger, 'clientMessage'>; whatsappWorker: { kick(): void } }
> = async (app, { database, config, whatsappOutbox, whatsappWorker }) => {
  const { db } = database;
  const bank = pixBankFrom(config.pixApi);
  const messenger: ChargeMessenger = { clientMessage: whatsappOutbox.clientMessage, written: () => whatsappWorker.kick() };

  app.get('/api/configuracoes/pix', { config: admin }, async () => readPixSettings(db));
  app.put('/api/configuracoes/pix', { config: admin, schema: { body: pixSettingsSchema } }, async (request) => {
    const saved = await savePixSettings(db, request.body, currentUser(request));
    if (!bank || !config.pixWebhookSecret) return saved;
    // The bank posts the payments on this key to our address (docs/rules.md#pix).
    const url = `${config.appUrl.replace(/\/+$/, '')}/api/pix/webhook/${config.pixWebhookSecret}`;
    const webhook = await bank.registerWebhook(saved.chave, url).then(
      () => 'Webhook registrado no banco.',
      (err: Error) => `Webhook não registrado: ${err.message}`,
    );
    return { ...saved, webhook };
  });

  app.get('/api/fechamentos/:numero/cobranca', { config: admin, schema: { params: numeroParams } }, async (request) =>
    closingCharge(db, request.params.numero, bank),
  );
  /** An admin's action on a closing's charge: /api/fechamentos/{numero}/cobranca/{action}. */
  const chargeAction = <B extends z.ZodType>(
    action: string,
    body: B,
    run: (numero: number, input: z.output<B>, user: SessionUser) => Promise<unknown>,
    method: 'post' | 'put' = 'post',
  ) =>
    app[method](
      `/api/fechamentos/:numero/cobranca/${action}`,
      { config: admin, schema: { params: numeroParams, body } },
      (request) => run(request.params.numero, request.body as z.output<B>, currentUser(request)),
    );
  chargeAction('consultar', noBody, (numero) => refreshCharge(db, bank, numero));
  chargeAction('paga', pixPaidSchema, (numero, { data }, user) => markChargePaid(db, numero, data, user));
  chargeAction(
    'vencimento',
    pixDueSchema,
    (numero, { vencimento }, user) => setChargeDue(db, numero, vencimento, user, bank),
    'put',
  );
  chargeAction('cancelar', pixCancelSchema, (numero, { motivo }, user) => cancelCharge(db, numero, motivo, user));
  chargeAction('whatsapp', noBody, (numero, _input, user) => sendChargeOverWhatsapp(db, messenger, numero, user, bank));
  app.get('/api/cobrancas/resumo', { config: admin }, async () => chargeTotals(db));

  // The bank's notice of payments: public, its address carries PIX_WEBHOOK_SECRET; anything else is 404.
  app.post(
    '/api/pix/webhook/:segredo',
    { config: { access: 'public' }, schema: { params: z.object({ segredo: z.string().max(200) }) } },
    async (request) => {
      if (!bank || !sameSecret(request.params.segredo, config.pixWebhookSecret)) throw notFound();
      return receiveWebhook(db, bank, request.body);
    },
  );

  registerPage(app, '/api/portal/cobrancas', 'portal', z.object(pageQueryWithDefaults(50, 10)), (request, query) =>
    clientCharges(db, currentPortalUser(request).clienteId, query),
  );
};
