import { timingSafeEqual } from 'node:crypto';
import type { Access, SessionUser } from '@os/shared';
import { MSG, PORTAL_SESSION_IDLE_DAYS, roleMayAccess } from '@os/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { Config } from './config';
import { AppError, forbidden, unauthorized } from './errors';
import {
  type PortalUser,
  portalCookieName,
  portalToken,
  resolvePortalSession,
  resolveSession,
  sessionCookieName,
  sessionToken,
} from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (docs/rules.md#permissions); required on every /api route. */
    access?: Access;
    /** A bearer token that also opens the route without a session (GET /api/metrics: METRICS_TOKEN). */
    bearerToken?: string;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The portal contact of a portal route's request (docs/rules.md#portal). */
    portal: PortalUser | null;
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
  reply.setCookie(sessionCookieName(request), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: maxMinutes * 60,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(request), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/** The portal contact of a portal route (access 'portal'). */
export function currentPortalUser(request: FastifyRequest): PortalUser {
  if (!request.portal) throw unauthorized();
  return request.portal;
}

const PORTAL_COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'lax' as const };

export function setPortalCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(portalCookieName(request), token, {
    ...PORTAL_COOKIE_OPTIONS,
    secure: request.protocol === 'https',
    maxAge: PORTAL_SESSION_IDLE_DAYS * 86_400,
  });
}

export function clearPortalCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(portalCookieName(request), { ...PORTAL_COOKIE_OPTIONS, secure: request.protocol === 'https' });
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one mechanism for sessions and roles: every /api route must declare `config.access`
 * (the server refuses to start otherwise); every request is checked here before its body is read.
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { database: Database; config: Config }) => {
  const { database, config } = opts;
  app.decorateRequest('user', null);
  app.decorateRequest('portal', null);
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
    // Portal routes read only the portal cookie and staff routes only the staff one: a session of one
    // kind is no session at all for the other (docs/rules.md#portal), so it answers 401, never 403.
    if (access === 'portal') {
      const token = portalToken(request);
      if (token)
        request.portal = await resolvePortalSession(database.db, token, {
          idleDays: PORTAL_SESSION_IDLE_DAYS,
          maxMinutes: config.portalSessionMaxMinutes,
        });
      if (!request.portal) throw unauthorized();
      return;
    }
    const token = sessionToken(request);
    if (token) request.user = await resolveSession(database.db, token, config.sessionIdleMinutes);
    if (access === 'public') return;
    const bearer = request.routeOptions.config.bearerToken;
    if (bearer && !request.user && sameSecret(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1], bearer)) return;
    if (!request.user) throw unauthorized();
    if (!roleMayAccess(request.user.role, access)) throw forbidden();
  });
});

/** Compares a given secret with the expected one in constant time. */
function sameSecret(given: string | undefined, expected: string): boolean {
  return !!given && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
