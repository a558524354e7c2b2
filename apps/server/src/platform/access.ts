import type { Access, SessionUser } from '@os/shared';
import { MSG, roleMayAccess } from '@os/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { Config } from './config';
import { AppError, forbidden, unauthorized } from './errors';
import { resolveSession, SESSION_COOKIE } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (DECISIONS.md §4); required on every /api route. */
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every protected route with its access level, for the authorization matrix test. */
    accessRoutes: { method: string; url: string; access: Access }[];
  }
}

/** The signed-in user of a request whose route is not public. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxMinutes: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: maxMinutes * 60,
  });
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one mechanism for sessions and roles: every /api route must declare `config.access`
 * (the server refuses to start otherwise); every request is checked here before its body is read.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { database: Database; config: Config }) => {
  const { database, config } = opts;
  app.decorateRequest('user', null);
  const accessRoutes: FastifyInstance['accessRoutes'] = [];
  app.decorate('accessRoutes', accessRoutes);

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') || route.url.startsWith('/uploads') || route.url.startsWith('/uploadDocs');
    if (!isApi) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access level`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') accessRoutes.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    // CSRF: a state-changing request from a foreign page is refused (SameSite=Lax covers most). Origin
    // 'null' (a sandboxed frame, a data: or file: page) is foreign too: our own pages always send theirs.
    if (STATE_CHANGING.has(request.method)) {
      const origin = request.headers.origin;
      if (origin) {
        let host: string | undefined;
        try {
          host = new URL(origin).host;
        } catch {
          host = undefined;
        }
        if (host !== request.headers.host) throw new AppError(403, MSG.foreignOrigin);
      }
    }
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.user = await resolveSession(database.db, token, config.sessionIdleMinutes);
    if (access === 'public') return;
    if (!request.user) throw unauthorized();
    if (!roleMayAccess(request.user.role, access)) throw forbidden();
  });
});
