import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { multipart } from '../../test/multipart';
import { seedDemoData } from '../db/demo-data';

/**
 * Hostile files on every upload route (the POST routes of app.accessRoutes without a JSON body
 * schema, so upload routes added later are covered): refused (4xx {error}) or neutralised (stored
 * as a re-encoded image under its own generated name); /uploads never serves outside its folder.
 */

let t: TestContext;
let cookie: string;
let orderId: number;
let expenseType = 'Alimentação';
let jpeg: Buffer;
const CANARY = 'CANARY-hardening-7f3a';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
  cookie = await t.loginAdmin();
  const list = (await t.app.inject({ method: 'GET', url: '/api/os', headers: { cookie } })).json();
  const rows: { id: number; status?: string }[] = Array.isArray(list) ? list : (list.data ?? list.rows ?? list.items ?? []);
  orderId = rows.find((o) => o.status !== 'Fechado')?.id ?? rows[0]!.id;
  const types = (await t.app.inject({ method: 'GET', url: '/api/tipodespesa', headers: { cookie } })).json();
  const typeRows = Array.isArray(types) ? types : (types.data ?? []);
  expenseType = typeRows[0]?.nome ?? typeRows[0]?.descricao ?? expenseType;
  jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
    .jpeg()
    .toBuffer();
  // Canaries just outside the served folder: their bytes must never come back.
  fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), CANARY);
  fs.mkdirSync(path.join(t.dataDir, 'uploadDocs'), { recursive: true });
  fs.writeFileSync(path.join(t.dataDir, 'uploadDocs', 'doc.txt'), CANARY);
});
afterAll(() => t.close());

function withCookie(body: ReturnType<typeof multipart>) {
  return { payload: body.payload, headers: { cookie, ...body.headers } };
}

function uploadRoutes() {
  const paths = (t.app.swagger() as unknown as { paths: Record<string, Record<string, { requestBody?: unknown }>> }).paths;
  return t.app.accessRoutes.filter(({ method, url }) => {
    // Sign-outs read no body at all: nothing to upload to.
    if (method !== 'POST' || url.startsWith('/api/auth/') || url === '/api/portal/sair') return false;
    const op = paths[url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.post ?? paths[url.replace(/\/$/, '')]?.post;
    return !op?.requestBody && !url.includes(':');
  });
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

describe('hostile files', () => {
  it('refuses or neutralises polyglot, renamed, empty, oversized, traversal-named and SVG files on every upload route', async () => {
    const routes = uploadRoutes();
    expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/descricao/', '/api/despesa/']));
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
    const cases = [
      { label: 'zero bytes', name: 'foto.jpg', type: 'image/jpeg', data: Buffer.alloc(0), mayStore: true },
      {
        label: 'HTML renamed .jpg',
        name: 'foto.jpg',
        type: 'image/jpeg',
        data: Buffer.from('<html><script>alert(1)</script>'),
        mayStore: false,
      },
      {
        label: 'PHP renamed .png',
        name: 'shell.php.png',
        type: 'image/png',
        data: Buffer.from('<?php system($_GET["c"]); ?>'),
        mayStore: false,
      },
      { label: 'SVG with script', name: 'x.svg', type: 'image/svg+xml', data: svg, mayStore: false },
      { label: 'SVG renamed .jpg', name: 'x.jpg', type: 'image/jpeg', data: svg, mayStore: false },
      {
        label: '11 MB',
        name: 'big.jpg',
        type: 'image/jpeg',
        data: Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)]),
        mayStore: false,
      },
      {
        label: 'polyglot JPEG+HTML',
        name: 'poly.html',
        type: 'text/html',
        data: Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')]),
        mayStore: true,
      },
      { label: 'traversal name', name: '../../../secret.jpg', type: 'image/jpeg', data: jpeg, mayStore: true },
      { label: 'encoded traversal name', name: '..%2F..%2Fsecret.jpg', type: 'image/jpeg', data: jpeg, mayStore: true },
      { label: 'NUL in name', name: 'a.jpg\u0000.html', type: 'image/jpeg', data: jpeg, mayStore: true },
    ];
    const fields = {
      data: '2024-01-10',
      descricao: 'Arquivo de teste hostil',
      osnumber: String(orderId),
      osnumero: String(orderId),
      docnr: '123',
      valor: '10,00',
      tipodespesa: expenseType,
      nomeFoto: '../../../../etc/passwd',
    };
    const problems: string[] = [];
    for (const { url } of routes) {
      const ocr = url.startsWith('/api/mistral/');
      for (const c of cases) {
        if (ocr && c.mayStore) continue; // a real image starts the OCR: slow, and nothing is stored
        const res = await t.app.inject({
          method: 'POST',
          url,
          ...withCookie(multipart(fields, { field: 'imagem', ...c }, { field: 'image', ...c })),
        });
        const where = `${url} ${c.label}: ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (res.statusCode >= 500) problems.push(where);
        else if (res.statusCode >= 400 && typeof res.json().error !== 'string') problems.push(`${where} (no {error})`);
        else if (res.statusCode < 400 && !c.mayStore && !ocr) problems.push(`${where} (accepted)`);
      }
    }
    expect(problems).toEqual([]);
    // What was stored is a re-encoded image under a generated name inside DATA_DIR's areas.
    const stored = walk(t.dataDir).filter((f) => !f.endsWith('secret.txt') && !f.endsWith('doc.txt'));
    for (const file of stored) {
      const rel = path.relative(t.dataDir, file);
      expect(rel.startsWith('..'), rel).toBe(false);
      expect(path.basename(file), rel).toMatch(/^[\w.-]+$/);
      expect(fs.statSync(file).size, `${rel} is empty`).toBeGreaterThan(0);
      expect(fs.readFileSync(file).includes('<script'), `${rel} keeps the script`).toBe(false);
    }
    expect(fs.existsSync(path.join(path.dirname(t.dataDir), 'secret.jpg'))).toBe(false);
  }, 60_000);

  it('/uploads never serves outside its folder and always sends nosniff', async () => {
    const urls = [
      '/uploads/..%2Fsecret.txt',
      '/uploads/%2e%2e%2fsecret.txt',
      '/uploads/..%252Fsecret.txt',
      '/uploads/..%5Csecret.txt',
      '/uploads/..%2FuploadDocs%2Fdoc.txt',
      '/uploads/secret.txt%00.jpg',
      '/uploads/%00',
      '/uploads/../secret.txt',
      '/uploads/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      `/uploads/${'a'.repeat(300)}`,
      '/uploads/x.jpg',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain(CANARY);
      expect(res.body, url).not.toContain('root:');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // A stored photo is served with nosniff and an image type.
    const photo = walk(path.join(t.dataDir, 'uploads'))[0];
    if (photo) {
      const res = await t.app.inject({ method: 'GET', url: `/uploads/${path.basename(photo)}`, headers: { cookie } });
      if (res.statusCode === 200) {
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-type']).toMatch(/^image\//);
      }
    }
  });
});
