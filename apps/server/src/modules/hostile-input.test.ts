import { fieldLabel } from '@os/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../test/factories/clients';
import { createEquipmentRow } from '../../test/factories/equipment';
import { createPortalContact } from '../../test/factories/portal';
import { createTestApp, type TestContext } from '../../test/helper';
import { multipart } from '../../test/multipart';
import { seedDemoData } from '../db/demo-data';
import { createPortalSession } from '../platform/session';

/**
 * Hostile input on every route of app.accessRoutes (so routes added later are covered without
 * editing this file): as admin, generated bodies, query strings, path parameters and multipart
 * forms must never answer 5xx, every 4xx is the JSON shape {error}, and afterwards every list
 * still answers 200 (nothing stored breaks a later read).
 *
 * A second, exhaustive pass sends every kind of hostile input (NUL, unpaired surrogates,
 * lone combining marks, RTL override, 1 MB strings, ids beyond 2^31, numbers beyond 2^53, exponent
 * notation, arrays and objects where one value is expected) to every route, in its JSON body, its
 * query string and (for upload routes) its multipart fields, each kind at least once per place and
 * route, the field rotating among the route's own fields (docs/rules.md#edge-input).
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
  // The admin's session for staff routes and a portal contact's for portal routes (docs/rules.md#portal).
  const contact = await createPortalContact(t.db);
  cookie = `${await t.loginAdmin()}; os_portal=${await createPortalSession(t.db, contact.id)}`;
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

type Place = 'json' | 'query' | 'multipart' | 'multipart-file';
type Sort = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'other';
interface Kind {
  name: string;
  /** The JSON value (or raw JSON text when JSON.stringify cannot write it). */
  json?: unknown;
  rawJson?: string;
  /** Encoded query values (several = the parameter repeated, an array). */
  query: string[];
  /** Multipart values (several = the field repeated). */
  multipart: string[];
  /** Which sorts of field the kind is aimed at. */
  fits(sort: Sort): boolean;
  /** Where it must be refused whatever the field (the others may be accepted as ordinary text). */
  refused: Partial<Record<Place, boolean>>;
}
const MB_STRING = 'x'.repeat(1024 * 1024);
const anyField = () => true;
const scalar = (s: Sort) => s !== 'array' && s !== 'object';
const numeric = (s: Sort) => s === 'integer' || s === 'number' || s === 'other';
const textual = (s: Sort) => s === 'string' || s === 'other';
const KINDS: Kind[] = [
  {
    name: 'NUL',
    json: 'a\u0000b',
    query: ['a%00b'],
    multipart: ['a\u0000b'],
    fits: textual,
    refused: { json: true, query: true },
  },
  // An unpaired surrogate exists in JSON and URL escapes; multipart is UTF-8 bytes, where it becomes U+FFFD.
  {
    name: 'unpaired surrogate',
    rawJson: '"\\ud800abc"',
    query: ['%ED%A0%80abc'],
    multipart: ['\ud800abc'],
    fits: textual,
    refused: { json: true },
  },
  {
    name: 'lone combining marks',
    json: '\u0301\u0308\u0327',
    query: ['%CC%81%CC%88'],
    multipart: ['\u0301\u0308'],
    fits: textual,
    refused: {},
  },
  {
    name: 'RTL override',
    json: '\u202Eevil\u202C',
    query: ['%E2%80%AEevil'],
    multipart: ['\u202Eevil'],
    fits: textual,
    refused: {},
  },
  { name: '1 MB string', json: MB_STRING, query: [MB_STRING], multipart: [MB_STRING], fits: anyField, refused: {} },
  { name: 'id beyond 2^31', json: 3_000_000_000, query: ['3000000000'], multipart: ['3000000000'], fits: numeric, refused: {} },
  {
    name: 'number beyond 2^53',
    rawJson: '9007199254740993123',
    query: ['9007199254740993123'],
    multipart: ['9007199254740993123'],
    fits: numeric,
    refused: {},
  },
  { name: 'exponent notation', rawJson: '1e400', query: ['1e3'], multipart: ['1e3'], fits: numeric, refused: {} },
  { name: 'array for a value', json: ['1', '2'], query: ['1', '2'], multipart: ['1', '2'], fits: scalar, refused: {} },
  { name: 'object for a value', json: { a: 1 }, query: ['%7B%22a%22%3A1%7D'], multipart: ['{"a":1}'], fits: scalar, refused: {} },
];
/** Phrases of a validation library, a regular expression or a type name: never shown to a person. */
const LIBRARY_PHRASES =
  /esperava|Expected|Invalid input|Required|\bNaN\b|undefined|\bnull\b|ZodError|\/\^|\\d|must (be|have|match)|Too (big|small)|Demasiado/i;

/** Plausible fields of every upload form (descriptions, expenses, e-mail, documents). */
const MULTIPART_BASE: Record<string, string> = {
  data: '2024-01-31',
  descricao: 'Troca do rolamento do motor principal',
  osnumber: '3',
  osnumero: '3',
  docnr: '123',
  valor: '10,50',
  tipodespesa: 'Combustível',
  to: 'cliente@exemplo.com.br',
  subject: 'Teste',
};

/**
 * Whether a message names the field: its label, in any case ('Preencha uma data e uma descrição.'
 * names Data, the old product's sentences kept as they were, docs/rules.md#validation); a file by
 * what it is to a person (foto, arquivo, PDF).
 */
function namesField(message: string, label: string): boolean {
  if (OLD_PRODUCT_SENTENCES.has(message)) return true;
  const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const m = plain(message);
  if (m.includes(plain(label))) return true;
  // Or by its head word ('Link inválido ou expirado.' names the 'Link de recuperação').
  const head = plain(label).split(/\s+/)[0] ?? '';
  if (head.length >= 3 && new RegExp(`\\b${head.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(m)) return true;
  return /^(imagem|image|arquivo|file|pdf)$/i.test(label) && /foto|arquivo|pdf|imagem/.test(m);
}

/** The old product's sentences for a whole form, kept word for word (docs/api.md, docs/screens.md). */
const OLD_PRODUCT_SENTENCES = new Set([
  'Preencha razao, cnpj e e-mail do cliente.',
  'Por favor, preencha todos os campos obrigatórios.',
  'Por favor, selecione um arquivo PDF válido.',
  'Please select a valid image file (JPG, PNG)',
  'Informe o anexo ou o número e o tipo do documento.',
]);

function typeOf(schema: JsonSchema): Sort {
  if (schema.anyOf?.length) {
    const sorts = new Set(schema.anyOf.map(typeOf));
    return sorts.size === 1 ? [...sorts][0]! : 'other';
  }
  if (schema.enum) return 'string';
  const type = [schema.type].flat()[0];
  return (['string', 'integer', 'number', 'boolean', 'array', 'object'] as const).find((s) => s === type) ?? 'other';
}

/** One plausible value of a schema, with every declared property of an object. */
function baseValue(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.length) return baseValue(schema.anyOf[0]!);
  switch ([schema.type].flat()[0]) {
    case 'integer':
      return 3;
    case 'number':
      return 10;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, baseValue(s)]));
    case 'null':
      return null;
    default:
      if (schema.format === 'date') return '2024-01-31';
      if (schema.format === 'email') return 'cliente@exemplo.com.br';
      return 'Texto de teste';
  }
}

/** Required query parameters of a list (the agenda's two days), unless the hostile one is among them. */
function requiredQueryOf(url: string, hostile: string): string {
  if (url !== '/api/agenda') return '';
  return ['inicio=2026-01-01', 'fim=2026-01-31']
    .filter((pair) => !pair.startsWith(`${hostile}=`))
    .map((pair) => `&${pair}`)
    .join('');
}

/** Every stored record, as one text per table (sessions and sign-in counters aside: they are not data). */
const NOT_DATA = new Set(['sessions', 'login_attempts', 'login_throttle', 'audit_log', '__drizzle_migrations']);
let tables: string[] | undefined;
async function fingerprint(): Promise<string> {
  if (!tables) {
    const rows = await t.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
    const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { tablename: string }[] }).rows) as {
      tablename: string;
    }[];
    tables = list.map((r) => r.tablename).filter((name) => !NOT_DATA.has(name));
  }
  const parts = tables.map(
    (name) =>
      `(select '${name}:' || count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from "${name}" x)`,
  );
  const rows = await t.db.execute(sql.raw(`select ${parts.join(" || ' ' || ")} as f`));
  const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { f: string }[] }).rows) as { f: string }[];
  return list[0]!.f;
}
function diff(before: string, after: string): string {
  const a = new Set(before.split(' '));
  return after
    .split(' ')
    .filter((p) => !a.has(p))
    .map((p) => p.split(':')[0])
    .join(', ');
}

/** Routes that would end the test's own session or that answer in another shape by design. */
const SKIPPED = new Set(['POST /api/auth/logout', 'POST /api/portal/sair']);
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
                const { payload, headers } = multipart(fields, file && { field: fileField, ...file });
                return { method, url: u, payload, headers };
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

  it('every kind of hostile input, in every place of every route: never 5xx, a Portuguese message naming the field, nothing changed by a refusal', async () => {
    const problems: string[] = [];
    const started = Date.now();
    let sent = 0;
    let unchangedChecked = 0;
    for (const [routeIndex, { method, url }] of t.app.accessRoutes.entries()) {
      if (SKIPPED.has(`${method} ${url}`)) continue;
      const op = operationOf(method, url);
      const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
      const queryParams = (op?.parameters ?? []).filter((p) => p.in === 'query');
      // Path ids: a record that is no fixture of the other routes (3) or none at all for DELETE.
      const concrete = url.replace(/:[A-Za-z_]+/g, method === 'DELETE' ? '999999' : '3').replace(/\*$/, 'x');
      if (method !== 'GET' && /^\/api\/users\/(1|2)$/.test(concrete)) continue;
      const writes = method !== 'GET';
      const before = writes ? await fingerprint() : '';
      let refusedOnly = true;

      const check = async (req: Sent, kind: Kind, field: string, place: string) => {
        sent++;
        const res = await t.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: { cookie, ...req.headers },
          ...(req.payload === undefined ? {} : { payload: req.payload as string }),
        });
        const where = `${method} ${url} [${place} ${field} = ${kind.name}]`;
        if (res.statusCode < 400) {
          if (kind.refused[place as Place]) problems.push(`${where} -> ${res.statusCode}, expected a refusal`);
          refusedOnly = false;
          return;
        }
        if (res.statusCode >= 500) return problems.push(`${where} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        let body: { error?: unknown; field?: unknown } | undefined;
        try {
          body = res.json();
        } catch {}
        const message = typeof body?.error === 'string' ? body.error : undefined;
        if (!message) return problems.push(`${where} -> ${res.statusCode} without {error}: ${res.body.slice(0, 200)}`);
        if (LIBRARY_PHRASES.test(message)) problems.push(`${where} -> ${res.statusCode} '${message.slice(0, 200)}'`);
        // A 400 about one field names it in its screen words.
        if (res.statusCode === 400 && typeof body?.field === 'string') {
          const label = fieldLabel(body.field.split('.'));
          if (label && !namesField(message, label)) problems.push(`${where} -> '${message}' does not name '${label}'`);
        }
        // NUL reaches the edge guard wherever it is read: 400 naming that very field (a throttled
        // route may answer 429 first; a route that reads no form never sees its fields).
        if (kind.name === 'NUL' && res.statusCode !== 429 && (place !== 'multipart' || res.statusCode === 400)) {
          const label = fieldLabel([field]);
          if (res.statusCode !== 400 || !message.includes('Texto com caracteres inválidos.') || !namesField(message, label))
            problems.push(
              `${where} -> ${res.statusCode} '${message.slice(0, 200)}', expected '${label}: Texto com caracteres inválidos.'`,
            );
        }
      };

      // JSON body: each kind once, in a field of the right sort for it, the other fields plausible.
      if (writes && (bodySchema || method !== 'DELETE')) {
        const props = Object.entries(bodySchema?.properties ?? {});
        const base = bodySchema ? (baseValue(bodySchema) as Record<string, unknown>) : {};
        for (const [k, kind] of KINDS.entries()) {
          const candidates = props.filter(([, s]) => kind.fits(typeOf(s)));
          const pool = candidates.length ? candidates : props;
          const field = pool.length ? pool[(routeIndex + k) % pool.length]![0] : 'campo';
          const raw = kind.rawJson ?? JSON.stringify(kind.json);
          const payload = JSON.stringify({ ...base, [field]: '__HOSTILE__' }).replace('"__HOSTILE__"', raw);
          await check({ method, url: concrete, payload, headers: { 'content-type': 'application/json' } }, kind, field, 'json');
        }
      }
      // Query string: each kind once, in a declared parameter (rotating) or a search-like one.
      const names = queryParams.length ? queryParams.map((p) => p.name) : ['q'];
      for (const [k, kind] of KINDS.entries()) {
        const field = names[(routeIndex + k) % names.length]!;
        const qs = kind.query.map((v) => `${encodeURIComponent(field)}=${v}`).join('&');
        const extra = requiredQueryOf(url, field);
        await check(
          {
            method,
            url: `${concrete}?${qs}${extra}`,
            ...(writes ? { payload: '{}', headers: { 'content-type': 'application/json' } } : {}),
          },
          kind,
          field,
          'query',
        );
      }
      // Multipart fields (upload routes take no JSON body): plausible fields, one of them hostile.
      if (writes && method !== 'DELETE' && !bodySchema) {
        for (const [k, kind] of KINDS.entries()) {
          const candidates = Object.keys(MULTIPART_BASE).filter((n) =>
            kind.fits(/^(os|num|valor)/i.test(n) ? 'integer' : 'string'),
          );
          const field = candidates[(routeIndex + k) % candidates.length]!;
          const fields = Object.entries(MULTIPART_BASE).filter(([n]) => n !== field);
          for (const value of kind.multipart) fields.push([field, value]);
          const { payload, headers } = multipart(fields);
          await check({ method, url: concrete, payload, headers }, kind, field, 'multipart');
        }
      }
      // Path parameters: an id beyond the database's range is no record (404), exponent notation no id.
      if (/:[A-Za-z_]+/.test(url) && !url.endsWith('*')) {
        for (const id of ['3000000000', '9007199254740993', '1e3', '2%00']) {
          const res = await t.app.inject({ method: method as 'GET', url: url.replace(/:[A-Za-z_]+/g, id), headers: { cookie } });
          sent++;
          // '1e3' is the number 1000 written otherwise: any answer but a 5xx.
          if (res.statusCode >= 500 || (res.statusCode < 400 && id !== '1e3'))
            problems.push(`${method} ${url} [path ${id}] -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
      if (writes && refusedOnly) {
        unchangedChecked++;
        const after = await fingerprint();
        if (after !== before)
          problems.push(`${method} ${url}: refused every request, yet the data changed (${diff(before, after)})`);
      }
    }
    console.info(
      `hostile sweep: ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; data compared before/after on ${unchangedChecked} write routes`,
    );
    expect(problems).toEqual([]);
  }, 240_000);

  it('leaves every list readable afterwards', async () => {
    // Lists whose query parameters are required get a valid one (docs/rules.md#agenda: both days).
    const labelled = await createEquipmentRow(t.db, (await createClient(t.db)).id);
    const requiredQuery: Record<string, string> = {
      '/api/agenda': '?inicio=2026-01-01&fim=2026-01-31',
      '/api/equipamentos/etiquetas': `?ids=${labelled.id}`,
    };
    const broken: string[] = [];
    for (const { method, url } of t.app.accessRoutes) {
      if (method !== 'GET' || url.includes(':') || url.endsWith('*') || url === '/api/auth/me') continue;
      const res = await t.app.inject({ method: 'GET', url: url + (requiredQuery[url] ?? ''), headers: { cookie } });
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
