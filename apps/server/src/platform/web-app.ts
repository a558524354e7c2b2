import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG } from '@os/shared';
import type { FastifyInstance } from 'fastify';

/** The screens a person opens before signing in: their page never asks for the signed-in screens' code. */
const SIGNED_OUT_PAGE = /^\/(login|esqueci|bi|portal)(\/|$|\?)/i;

/**
 * index.html for a screen before sign-in: without the <link rel="modulepreload"> of the 'field' chunk (the
 * signed-in screens' code) that the build puts into the page and names in `<meta name="os-field-code">`
 * (docs/rules.md#performance-budgets: the sign-in page's JavaScript). Unchanged when the build names none.
 */
export function withoutFieldPreload(html: string): string {
  const field = /<meta name="os-field-code" content="(\/assets\/[\w.-]+\.js)">/.exec(html)?.[1];
  return field ? html.replace(`<link rel="modulepreload" crossorigin href="${field}">`, '') : html;
}

/** Serves the built SPA; any non-API GET falls back to index.html so the router can take it. */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return;
  // docs/rules.md#daily-use: hashed files (/assets/*) are compressed at build time (brotli, gzip) and
  // kept a year; everything else (index.html, the service worker, the manifest) is asked again every time.
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = path.relative(webDist, filePath).split(path.sep)[0] === 'assets';
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  const signedInHtml = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const signedOutHtml = withoutFieldPreload(signedInHtml);
  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.status(404).send({ error: MSG.routeNotFound });
    const html = SIGNED_OUT_PAGE.test(request.url) ? signedOutHtml : signedInHtml;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
