// docs/rules.md#daily-use: on a weak signal the app arrives compressed and hashed files are never
// asked for twice; index.html and the service worker are never kept stale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helper';

let ctx: TestContext;
let dist: string;
const js = `export const screen = ${JSON.stringify('Ordens de Serviço '.repeat(400))};\n`;

beforeAll(async () => {
  // A build as `npm run build` leaves it: hashed files with their .br and .gz copies.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'os-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    // As the build writes it (apps/web/vite.config.ts): the first card's code asked for with the page, and named.
    '<!doctype html><html><head><link rel="modulepreload" crossorigin href="/assets/field-Xy9.js"><meta name="os-field-code" content="/assets/field-Xy9.js"><title>OS</title></head><div id="root"></div></html>',
  );
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  fs.writeFileSync(path.join(dist, 'assets', 'react-AbC123.js'), js);
  fs.writeFileSync(path.join(dist, 'assets', 'react-AbC123.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dist, 'assets', 'react-AbC123.js.gz'), zlib.gzipSync(js));
  ctx = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built web app on the wire', () => {
  it('answers a hashed file in brotli when the browser takes it, with a one-year immutable cache', async () => {
    const res = await get('/assets/react-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(js.length / 5);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('answers gzip to a browser without brotli, the plain file to one without either', async () => {
    const gz = await get('/assets/react-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await get('/assets/react-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('never lets index.html nor the service worker be kept stale', async () => {
    for (const url of ['/', '/service-orders', '/sw.js']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("asks for the signed-in screens' code with the page of a signed-in screen, never with the sign-in or portal page", async () => {
    const preload = '<link rel="modulepreload" crossorigin href="/assets/field-Xy9.js">';
    for (const url of ['/service-orders', '/', '/os?page=2', '/meu-estoque']) {
      const html = (await get(url)).body;
      expect(html, url).toContain(preload);
      // Asked first: before the page's other requests queue on the connection.
      expect(html.indexOf(preload), url).toBeLessThan(html.indexOf('<title>'));
    }
    for (const url of ['/login', '/login?next=%2Fos', '/esqueci', '/bi', '/portal', '/portal/orcamentos', '/Portal/entrar']) {
      const html = (await get(url)).body;
      expect(html, url).not.toContain('modulepreload');
      expect(html, url).toContain('<div id="root">');
    }
  });
});
