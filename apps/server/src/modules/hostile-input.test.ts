import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helper';
import { seedDemoData } from '../db/demo-data';

/**
 * Hostile input on every route of app.accessRoutes (so routes added later are covered without
 * editing this file): as admin, generated bodies, query strings, path parameters and multipart
 * forms must never answer 5xx, every 4xx is the JSON shape {error}, and afterwards every list
 * still answers 200 (nothing stored breaks a later read).
 */

let t: TestContext;
let cookie: string;
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  maxLength?: number;
  format?: string;
};
type Operation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
};
let openapi: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db);
  cookie = await t.loginAdmin();
  openapi = (t.app.swagger() as unknown as { paths: typeof openapi }).paths;
});
afterAll(() => t.close());

const HOSTILE_STRINGS = [
  '',
  ' ',
  "' OR '1'='1",
  '1; DROP TABLE orders; --',
  '" OR ""="',
  "') UNION SELECT password_hash FROM users --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  'a\u0000b',
  '\u202Eevil',
  '😀👨‍👩‍👧‍👦',
  'ção ÁÉÍ 中文 עברית',
  '%s%n%x',
  '$'.concat('{7*7}{{7*7}}'),
  '-1',
  '0',
  '1e309',
  '9999999999999999999999',
  'NaN',
  'null',
  'true',
  '2024-02-30',
  '25:99',
  '99/99/9999',
  '00.000.000/0000-00',
  'x'.repeat(300),
  'é'.repeat(70_000),
];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: 40 }));
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31), 2 ** 53, Number.MAX_VALUE, -Number.MAX_VALUE, 0.5, 1e-300),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileString, { maxKeys: 2 }),
);

/** A plausible value for a schema, so the other fields get past validation and the hostile one is reached. */
function plausible(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(plausible));
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'integer':
      return fc.integer({ min: 1, max: 5 });
    case 'number':
      return fc.integer({ min: 0, max: 100_000 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(schema.items), { maxLength: 2 });
    case 'object':
      return objectOf(schema);
    case 'null':
      return fc.constant(null);
    default:
      if (schema.format === 'date') return fc.constantFrom('2024-01-31', '2024-02-29');
      if (schema.format === 'email') return fc.constantFrom('a@b.co', 'x@exemplo.com.br');
      return fc.oneof(fc.constantFrom('2024-01-31', '08:30', 'Teste', '12345'), fc.string({ maxLength: 8 }));
  }
}

/** An object where each declared field is plausible or hostile (or missing), with sometimes an extra key. */
function objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const record = Object.fromEntries(props.map(([name, s]) => [name, fc.oneof(plausible(s), hostileValue)]));
  return fc
    .tuple(fc.record(record, { requiredKeys: [] }), fc.option(fc.tuple(hostileString, hostileValue), { nil: undefined }))
    .map(([obj, extra]) => (extra ? { ...obj, [extra[0].slice(0, 20) || 'x']: extra[1] } : obj));
}

function operationOf(method: string, url: string): Operation | undefined {
  const key = url.replace(/:([A-Za-z_]+)/g, '{$1}');
  const path = openapi[key] ?? openapi[key.replace(/\/$/, '')];
  return path?.[method.toLowerCase()];
}

/** Path parameters: small ids that exist in the demo data, and hostile ones. */
const paramValue = fc.oneof(
  fc.constantFrom('2', '3', '4', '999999'),
  fc.constantFrom('0', '-1', '1.5', '1e3', 'abc', '%00', '..%2F..%2Fetc%2Fpasswd', '%27%20OR%201%3D1', '9'.repeat(30)),
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
);

/** Every field name any schema knows, plus the multipart ones, for generated forms. */
function knownFieldNames(): string[] {
  const names = new Set(['imagem', 'image', 'osId', 'osnumero', 'data', 'descricao', 'valor', 'tipo']);
  for (const ops of Object.values(openapi))
    for (const op of Object.values(ops)) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      for (const name of Object.keys(schema?.properties ?? {})) names.add(name);
    }
  return [...names];
}

const FILES: { name: string; type: string; data: Buffer }[] = [
  { name: 'foto.jpg', type: 'image/jpeg', data: Buffer.alloc(0) },
  { name: 'foto.jpg', type: 'image/jpeg', data: Buffer.from('<?php echo 1; ?>') },
  { name: '../../../etc/passwd', type: 'image/png', data: Buffer.from('\x89PNG\r\n\x1a\nnot really') },
  { name: 'a\u0000.jpg', type: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]) },
  {
    name: 'x.svg',
    type: 'image/svg+xml',
    data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  { name: 'doc.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF') },
];

function multipartBody(fields: [string, string][], file: (typeof FILES)[number] | undefined, fileField: string) {
  const boundary = '----hostile7d91';
  const chunks: Buffer[] = [];
  for (const [name, value] of fields)
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

type Sent = { method: string; url: string; payload?: unknown; headers?: Record<string, string> };
const failures: string[] = [];

async function send(req: Sent) {
  const res = await t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: { cookie, ...req.headers },
    ...(req.payload === undefined ? {} : { payload: req.payload as string }),
  });
  const where = `${req.method} ${req.url.slice(0, 120)} ${JSON.stringify(req.payload ?? '')?.slice(0, 200)}`;
  if (res.statusCode >= 500) failures.push(`${where} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
  else if (res.statusCode >= 400) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    if (typeof (body as { error?: unknown } | undefined)?.error !== 'string')
      failures.push(`${where} -> ${res.statusCode} without {error}: ${res.body.slice(0, 200)}`);
  }
  return res;
}

/** Routes that would end the test's own session or that answer in another shape by design. */
const SKIPPED = new Set(['POST /api/auth/logout']);
const RUNS = 12;

describe('hostile input on every route (generated from app.accessRoutes)', () => {
  it('never answers 5xx, answers {error} on every 4xx', async () => {
    const fieldNames = knownFieldNames();
    // The generator reads the routes' own schemas: a route with a JSON body must be found.
    expect(operationOf('POST', '/api/clientes')?.requestBody?.content?.['application/json']?.schema?.properties).toBeTruthy();
    for (const { method, url } of t.app.accessRoutes) {
      if (SKIPPED.has(`${method} ${url}`)) continue;
      const op = operationOf(method, url);
      const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
      const queryParams = (op?.parameters ?? []).filter((p) => p.in === 'query');
      const hasParams = /:[A-Za-z_]+/.test(url);
      // Deleting with a real id would remove the fixtures the other routes need.
      const params = method === 'DELETE' ? paramValue.filter((v) => !['2', '3', '4'].includes(v)) : paramValue;
      // The admin's own account: a generated PUT could demote it or change its password.
      const ownAccount = (u: string) => u.startsWith('/api/users/') && /^\/api\/users\/(1|2)$/.test(u);

      const concreteUrl = fc
        .array(params, { minLength: 3, maxLength: 3 })
        .map((values) => {
          let i = 0;
          return url.replace(/:[A-Za-z_]+/g, () => values[i++ % 3]!).replace(/\*$/, values[0]!);
        })
        .filter((u) => !(method !== 'GET' && ownAccount(u)));
      const query = fc
        .array(
          fc.tuple(fc.constantFrom(...(queryParams.length ? queryParams.map((p) => p.name) : ['q', 'page'])), hostileString),
          {
            maxLength: 3,
          },
        )
        .map((pairs) =>
          pairs.length ? `?${new URLSearchParams(pairs.map(([k, v]): [string, string] => [k, v.slice(0, 300)])).toString()}` : '',
        );

      const cases: fc.Arbitrary<Sent>[] = [];
      if (method === 'GET' || method === 'DELETE') {
        cases.push(fc.tuple(concreteUrl, query).map(([u, q]) => ({ method, url: u + q })));
      } else {
        const json = fc.oneof(
          bodySchema ? objectOf(bodySchema) : fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 6 }),
          fc.jsonValue({ maxDepth: 2 }),
        );
        cases.push(
          fc
            .tuple(concreteUrl, json)
            .map(([u, body]) => ({ method, url: u, payload: body, headers: { 'content-type': 'application/json' } })),
          fc.tuple(concreteUrl, fc.constantFrom('{', '{"a":', '[1,2', '\u0000', 'null')).map(([u, raw]) => ({
            method,
            url: u,
            payload: raw,
            headers: { 'content-type': 'application/json' },
          })),
        );
        if (!bodySchema) {
          cases.push(
            fc
              .tuple(
                concreteUrl,
                fc.array(
                  fc.tuple(
                    fc.constantFrom(...fieldNames),
                    hostileString.map((s) => s.slice(0, 2000)),
                  ),
                  { maxLength: 6 },
                ),
                fc.option(fc.constantFrom(...FILES), { nil: undefined }),
                fc.constantFrom('imagem', 'image', 'file', 'arquivo'),
              )
              .map(([u, fields, file, fileField]) => {
                const { payload, contentType } = multipartBody(fields, file, fileField);
                return { method, url: u, payload, headers: { 'content-type': contentType } };
              }),
          );
        }
      }
      await fc.assert(
        fc.asyncProperty(fc.oneof(...cases), async (req) => {
          await send(req);
        }),
        { numRuns: hasParams || method !== 'GET' ? RUNS : 4, seed: 20261122 },
      );
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('leaves every list readable afterwards', async () => {
    const broken: string[] = [];
    for (const { method, url } of t.app.accessRoutes) {
      if (method !== 'GET' || url.includes(':') || url.endsWith('*') || url === '/api/auth/me') continue;
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) broken.push(`${url} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(broken).toEqual([]);
    // The records of an order written above are still readable.
    for (const prefix of ['/api/descricao/', '/api/servicos/', '/api/viagemida/', '/api/os/']) {
      const res = await t.app.inject({ method: 'GET', url: `${prefix}2`, headers: { cookie } });
      expect(res.statusCode, prefix).toBeLessThan(500);
    }
  });
});
