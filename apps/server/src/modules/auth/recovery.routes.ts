import { recoveryRequestSchema, updateLoginSchema } from '@os/shared';
import { type Limit, limitBy } from '../../platform/rate-limit';
import type { RoutesPlugin } from '../../platform/route-deps';
import { requestRecovery, updateLogin } from './recovery.service';

/** Attempts per address and window on each recovery step (docs/rules.md#fixed-defects: rate-limited). */
export const RECOVERY_RATE: Limit = { max: 10, windowMs: 15 * 60_000 };

/** Account recovery (/esqueci): public, rate-limited, never more than the old product's message. */
export const recoveryRoutes: RoutesPlugin = async (app, { database, config, mailer }) => {
  const { db } = database;
  // Counted in the database, per step and address, so every process sees the same count.
  const perAddress = (step: string) => limitBy(db, RECOVERY_RATE, (request) => `recovery:${step}:${request.ip}`);

  app.post(
    '/api/recuperar-senha',
    { config: { access: 'public' }, onRequest: perAddress('request'), schema: { body: recoveryRequestSchema } },
    async (request) => requestRecovery({ db, mailer, appUrl: config.appUrl, log: request.log }, request.body),
  );

  app.put(
    '/api/atualizarlogin',
    { config: { access: 'public' }, onRequest: perAddress('update'), schema: { body: updateLoginSchema } },
    async (request) => updateLogin({ db, mailer, appUrl: config.appUrl, log: request.log }, request.body),
  );
};
