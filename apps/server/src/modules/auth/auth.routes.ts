import { loginSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { clearSessionCookie, currentUser, setSessionCookie } from '../../platform/access';
import type { Config } from '../../platform/config';
import { createSession, endSession, sessionToken } from '../../platform/session';
import { authenticate } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ database: Database; config: Config }> = async (app, { database, config }) => {
  const { db } = database;

  app.post('/api/auth/login', { config: { access: 'public' }, schema: { body: loginSchema } }, async (request, reply) => {
    // A ThrottledError's wait goes out as Retry-After (platform/errors.ts).
    const user = await authenticate(db, request.body, request.ip);
    // A new token at every login: a session id planted before sign-in is never reused.
    const old = sessionToken(request);
    if (old) await endSession(db, old);
    const token = await createSession(db, user.id, config.sessionMaxMinutes);
    setSessionCookie(request, reply, token, config.sessionMaxMinutes);
    return user;
  });

  app.post('/api/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await endSession(db, token);
    clearSessionCookie(request, reply);
    return { success: true };
  });

  app.get('/api/auth/me', { config: { access: 'signedIn' } }, async (request) => currentUser(request));
};
