import rateLimit from '@fastify/rate-limit';
import { MSG, recoveryRequestSchema, updateLoginSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { createMailer } from '../../platform/mail';
import type { Storage } from '../../platform/storage';
import { requestRecovery, updateLogin } from './recovery.service';

/** Attempts per address and window on each recovery step (DECISIONS.md §2: rate-limited). */
export const RECOVERY_RATE = { max: 10, timeWindow: 15 * 60_000 } as const;

/** Account recovery (/esqueci): public, rate-limited, never more than the spec's message. */
export const recoveryRoutes: FastifyPluginAsyncZod<{ database: Database; config: Config; storage: Storage }> = async (
  app,
  { database, config, storage },
) => {
  const { db } = database;
  const mailer = createMailer(config, storage);
  app.addHook('onClose', async () => mailer.close());
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, MSG.tooManyAttempts),
  });

  app.post(
    '/api/recuperar-senha',
    { config: { access: 'public', rateLimit: RECOVERY_RATE }, schema: { body: recoveryRequestSchema } },
    async (request) => requestRecovery({ db, mailer, appUrl: config.appUrl, log: request.log }, request.body),
  );

  app.put(
    '/api/atualizarlogin',
    { config: { access: 'public', rateLimit: RECOVERY_RATE }, schema: { body: updateLoginSchema } },
    async (request) => updateLogin(db, request.body),
  );
};
