import { fieldLabel } from '@os/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { VERIFIED_BY_PROVIDER } from './access-matrix';
import type { TestContext } from './helper';
import {
  baseValue,
  FILES,
  hostileString,
  hostileValue,
  type JsonSchema,
  KINDS,
  type Kind,
  LIBRARY_PHRASES,
  namesField,
  type Operation,
  objectOf,
  type Place,
  paramValueOf,
  requiredQueryOf,
  typeOf,
} from './hostile-values';
import { multipart } from './multipart';

/**
 * The sweeps of the hostile-input suites (src/modules/hostile-input.staff.test.ts and
 * hostile-input.portal.test.ts), run on the routes a suite gives, as the session it gives: generated
 * input never answers 5xx and every 4xx is {error}; every kind of hostile input in every place is
 * refused or taken, with a Portuguese message naming the field, and a refusal changes nothing.
 */

/** What a suite sweeps: its routes, as whom, with which records and forms. */
export interface HostileTarget {
  t: TestContext;
  /** The Cookie header every request carries. */
  cookie: string;
  routes: { method: string; url: string }[];
  /** Path ids of records that exist (the first one is the exhaustive pass's); DELETE never gets them. */
  ids: string[];
  /** Plausible text fields of the routes' forms, so the hostile one is reached. */
  multipartBase: Record<string, string>;
  /** The fields a generated form puts its file in. */
  fileFields: string[];
  /** Concrete URLs never written to (the admin's own account: a PUT could demote it). */
  protectedUrl?: (url: string) => boolean;
}

type Openapi = Record<string, Record<string, Operation>>;
type Sent = { method: string; url: string; payload?: unknown; headers?: Record<string, string> };
type Route = { method: string; url: string };

/** The routes whose answers are by design not the JSON error shape or that end the suite's own session. */
export const SKIPPED = new Set(['POST /api/auth/logout', 'POST /api/portal/sair']);
const RUNS = 12;

function openapiOf(t: TestContext): Openapi {
  return (t.app.swagger() as unknown as { paths: Openapi }).paths;
}

export function operationOf(t: TestContext, method: string, url: string): Operation | undefined {
  const openapi = openapiOf(t);
  const key = url.replace(/:([A-Za-z_]+)/g, '{$1}');
  const path = openapi[key] ?? openapi[key.replace(/\/$/, '')];
  return path?.[method.toLowerCase()];
}

/** Every field name any schema knows, plus the multipart ones, for generated forms. */
function knownFieldNames(target: HostileTarget): string[] {
  const names = new Set(['imagem', 'image', 'osId', 'osnumero', 'data', 'descricao', 'valor', 'tipo']);
  for (const name of Object.keys(target.multipartBase)) names.add(name);
  for (const ops of Object.values(openapiOf(target.t)))
    for (const op of Object.values(ops)) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      for (const name of Object.keys(schema?.properties ?? {})) names.add(name);
    }
  return [...names];
}

function inject(target: HostileTarget, req: Sent) {
  return target.t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: { cookie: target.cookie, ...req.headers },
    ...(req.payload === undefined ? {} : { payload: req.payload as string }),
  });
}

/** Sends one generated request; a 5xx, or a 4xx without {error}, goes into `failures`. */
async function sendGenerated(target: HostileTarget, req: Sent, failures: string[]) {
  const res = await inject(target, req);
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
}

type Form = ReturnType<typeof multipart>;
/** Ways a form arrives broken: the content-type's boundary missing or another, the body cut short. */
const BROKEN_FORMS: ((form: Form) => { payload: Buffer; headers: Record<string, string> })[] = [
  (form) => ({ payload: form.payload, headers: { 'content-type': 'multipart/form-data' } }),
  (form) => ({ payload: form.payload, headers: { 'content-type': 'multipart/form-data; boundary=outra' } }),
  (form) => ({ payload: form.payload.subarray(0, form.payload.length - 2048), headers: form.headers }),
];

/** The generated requests of one route: its URL with hostile ids, a hostile query, JSON body or form. */
function generatedCases(target: HostileTarget, { method, url }: Route, fieldNames: string[]): fc.Arbitrary<Sent>[] {
  const op = operationOf(target.t, method, url);
  const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
  const queryParams = (op?.parameters ?? []).filter((p) => p.in === 'query');
  // Deleting with a real id would remove the fixtures the other routes need.
  const params = method === 'DELETE' ? paramValueOf(target.ids).filter((v) => !target.ids.includes(v)) : paramValueOf(target.ids);
  const concreteUrl = fc
    .array(params, { minLength: 3, maxLength: 3 })
    .map((values) => {
      let i = 0;
      return url.replace(/:[A-Za-z_]+/g, () => values[i++ % 3]!).replace(/\*$/, values[0]!);
    })
    .filter((u) => !(method !== 'GET' && target.protectedUrl?.(u)));
  const query = fc
    .array(fc.tuple(fc.constantFrom(...(queryParams.length ? queryParams.map((p) => p.name) : ['q', 'page'])), hostileString), {
      maxLength: 3,
    })
    .map((pairs) =>
      pairs.length ? `?${new URLSearchParams(pairs.map(([k, v]): [string, string] => [k, v.slice(0, 300)])).toString()}` : '',
    );
  if (method === 'GET' || method === 'DELETE') return [fc.tuple(concreteUrl, query).map(([u, q]) => ({ method, url: u + q }))];

  const json = fc.oneof(
    bodySchema ? objectOf(bodySchema) : fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 6 }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const jsonHeaders = { 'content-type': 'application/json' };
  const cases: fc.Arbitrary<Sent>[] = [
    fc.tuple(concreteUrl, json).map(([u, body]) => ({ method, url: u, payload: body, headers: jsonHeaders })),
    fc
      .tuple(concreteUrl, fc.constantFrom('{', '{"a":', '[1,2', '\u0000', 'null'))
      .map(([u, raw]) => ({ method, url: u, payload: raw, headers: jsonHeaders })),
  ];
  if (!bodySchema) {
    const fields = fc.array(
      fc.tuple(
        fc.constantFrom(...fieldNames),
        hostileString.map((s) => s.slice(0, 2000)),
      ),
      { maxLength: 6 },
    );
    cases.push(
      fc
        .tuple(
          concreteUrl,
          fields,
          fc.option(fc.constantFrom(...FILES), { nil: undefined }),
          fc.constantFrom(...target.fileFields),
        )
        .map(([u, pairs, file, fileField]) => {
          const { payload, headers } = multipart(pairs, file && { field: fileField, ...file });
          return { method, url: u, payload, headers };
        }),
      // A form broken on the way: no boundary, another boundary, cut short (platform/multipart.ts).
      fc
        .tuple(concreteUrl, fields, fc.constantFrom(...target.fileFields), fc.constantFrom(...BROKEN_FORMS))
        .map(([u, pairs, fileField, broken]) => {
          const form = multipart(pairs, { field: fileField, name: 'foto.jpg', type: 'image/jpeg', data: Buffer.alloc(4096, 1) });
          return { method, url: u, ...broken(form) };
        }),
    );
  }
  return cases;
}

/** Generated input on every route of the target: answers the failures (5xx, or a 4xx without {error}). */
export async function generatedSweep(target: HostileTarget): Promise<string[]> {
  const failures: string[] = [];
  const fieldNames = knownFieldNames(target);
  for (const route of target.routes) {
    if (SKIPPED.has(`${route.method} ${route.url}`)) continue;
    const hasParams = /:[A-Za-z_]+/.test(route.url);
    await fc.assert(
      fc.asyncProperty(fc.oneof(...generatedCases(target, route, fieldNames)), async (req) => {
        await sendGenerated(target, req, failures);
      }),
      { numRuns: hasParams || route.method !== 'GET' ? RUNS : 4, seed: 20261122 },
    );
  }
  return failures;
}

/** Every stored record, as one text per table (sessions and sign-in counters aside: they are not data). */
const NOT_DATA = new Set([
  'sessions',
  'portal_sessions',
  'portal_link_tokens',
  'login_attempts',
  'login_throttle',
  'audit_log',
  '__drizzle_migrations',
]);

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

async function fingerprint(t: TestContext): Promise<string> {
  const rows = await t.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const tables = rowsOf(rows as unknown as Rows<{ tablename: string }>)
    .map((r) => r.tablename)
    .filter((name) => !NOT_DATA.has(name));
  const parts = tables.map(
    (name) =>
      `(select '${name}:' || count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from "${name}" x)`,
  );
  const result = await t.db.execute(sql.raw(`select ${parts.join(" || ' ' || ")} as f`));
  return rowsOf(result as unknown as Rows<{ f: string }>)[0]!.f;
}

function diff(before: string, after: string): string {
  const a = new Set(before.split(' '));
  return after
    .split(' ')
    .filter((p) => !a.has(p))
    .map((p) => p.split(':')[0])
    .join(', ');
}

/** One route's exhaustive pass: what it found, and whether it refused every request. */
interface RoutePass {
  target: HostileTarget;
  route: Route;
  problems: string[];
  refusedOnly: boolean;
  sent: number;
}

/**
 * Checks one answer to a kind of hostile input: a refusal is the JSON shape, in Portuguese with no
 * library phrase, naming its field; a NUL is always refused naming that very field.
 */
async function checkKind(pass: RoutePass, req: Sent, kind: Kind, field: string, place: Place) {
  pass.sent++;
  const res = await inject(pass.target, req);
  const where = `${pass.route.method} ${pass.route.url} [${place} ${field} = ${kind.name}]`;
  if (res.statusCode < 400) {
    if (kind.refused[place]) pass.problems.push(`${where} -> ${res.statusCode}, expected a refusal`);
    pass.refusedOnly = false;
    return;
  }
  if (res.statusCode >= 500) return pass.problems.push(`${where} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
  let body: { error?: unknown; field?: unknown } | undefined;
  try {
    body = res.json();
  } catch {}
  const message = typeof body?.error === 'string' ? body.error : undefined;
  if (!message) return pass.problems.push(`${where} -> ${res.statusCode} without {error}: ${res.body.slice(0, 200)}`);
  if (LIBRARY_PHRASES.test(message)) pass.problems.push(`${where} -> ${res.statusCode} '${message.slice(0, 200)}'`);
  // A 400 about one field names it in its screen words.
  if (res.statusCode === 400 && typeof body?.field === 'string') {
    const label = fieldLabel(body.field.split('.'));
    if (label && !namesField(message, label)) pass.problems.push(`${where} -> '${message}' does not name '${label}'`);
  }
  // NUL reaches the edge guard wherever it is read: 400 naming that very field (a throttled
  // route may answer 429 first; a route that reads no form never sees its fields).
  if (kind.name === 'NUL' && res.statusCode !== 429 && (place !== 'multipart' || res.statusCode === 400)) {
    const label = fieldLabel([field]);
    if (res.statusCode !== 400 || !message.includes('Texto com caracteres inválidos.') || !namesField(message, label))
      pass.problems.push(
        `${where} -> ${res.statusCode} '${message.slice(0, 200)}', expected '${label}: Texto com caracteres inválidos.'`,
      );
  }
}

/** JSON body: each kind once, in a field of the right sort for it (rotating), the other fields plausible. */
async function jsonKinds(pass: RoutePass, concrete: string, bodySchema: JsonSchema | undefined, routeIndex: number) {
  const props = Object.entries(bodySchema?.properties ?? {});
  const base = bodySchema ? (baseValue(bodySchema) as Record<string, unknown>) : {};
  for (const [k, kind] of KINDS.entries()) {
    const candidates = props.filter(([, s]) => kind.fits(typeOf(s)));
    const pool = candidates.length ? candidates : props;
    const field = pool.length ? pool[(routeIndex + k) % pool.length]![0] : 'campo';
    const raw = kind.rawJson ?? JSON.stringify(kind.json);
    const payload = JSON.stringify({ ...base, [field]: '__HOSTILE__' }).replace('"__HOSTILE__"', raw);
    const req = { method: pass.route.method, url: concrete, payload, headers: { 'content-type': 'application/json' } };
    await checkKind(pass, req, kind, field, 'json');
  }
}

/** Query string: each kind once, in a declared parameter (rotating) or a search-like one. */
async function queryKinds(pass: RoutePass, concrete: string, names: string[], routeIndex: number) {
  const { method, url } = pass.route;
  for (const [k, kind] of KINDS.entries()) {
    const field = names[(routeIndex + k) % names.length]!;
    const qs = kind.query.map((v) => `${encodeURIComponent(field)}=${v}`).join('&');
    const body = method !== 'GET' ? { payload: '{}', headers: { 'content-type': 'application/json' } } : {};
    await checkKind(pass, { method, url: `${concrete}?${qs}${requiredQueryOf(url, field)}`, ...body }, kind, field, 'query');
  }
}

/** Multipart fields (upload routes take no JSON body): plausible fields, one of them hostile. */
async function multipartKinds(pass: RoutePass, concrete: string, routeIndex: number) {
  const base = pass.target.multipartBase;
  for (const [k, kind] of KINDS.entries()) {
    const candidates = Object.keys(base).filter((n) => kind.fits(/^(os|num|valor|equipamento)/i.test(n) ? 'integer' : 'string'));
    const field = candidates[(routeIndex + k) % candidates.length]!;
    const fields = Object.entries(base).filter(([n]) => n !== field);
    for (const value of kind.multipart) fields.push([field, value]);
    const { payload, headers } = multipart(fields);
    await checkKind(pass, { method: pass.route.method, url: concrete, payload, headers }, kind, field, 'multipart');
  }
}

/** Path parameters: an id beyond the database's range is no record (404), exponent notation no id. */
async function pathKinds(pass: RoutePass) {
  const { method, url } = pass.route;
  for (const id of ['3000000000', '9007199254740993', '1e3', '2%00']) {
    const res = await inject(pass.target, { method, url: url.replace(/:[A-Za-z_]+/g, id) });
    pass.sent++;
    // '1e3' is the number 1000 written otherwise: any answer but a 5xx.
    if (res.statusCode >= 500 || (res.statusCode < 400 && id !== '1e3'))
      pass.problems.push(`${method} ${url} [path ${id}] -> ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
}

/**
 * Every kind of hostile input in every place of every route of the target (the field rotating among
 * the route's own fields); a write route that refused every request must leave the data as it was.
 * Answers the problems found, and prints its figures under `label`.
 */
export async function exhaustiveSweep(target: HostileTarget, label: string): Promise<string[]> {
  const started = Date.now();
  const problems: string[] = [];
  let sent = 0;
  let compared = 0;
  for (const [routeIndex, route] of target.routes.entries()) {
    const { method, url } = route;
    if (SKIPPED.has(`${method} ${url}`)) continue;
    const op = operationOf(target.t, method, url);
    const bodySchema = op?.requestBody?.content?.['application/json']?.schema;
    const queryParams = (op?.parameters ?? []).filter((p) => p.in === 'query');
    // Path ids: a record that is no fixture of the other routes, or none at all for DELETE.
    const concrete = url.replace(/:[A-Za-z_]+/g, method === 'DELETE' ? '999999' : target.ids[0]!).replace(/\*$/, 'x');
    const writes = method !== 'GET';
    if (writes && target.protectedUrl?.(concrete)) continue;
    const before = writes ? await fingerprint(target.t) : '';
    const pass: RoutePass = { target, route, problems, refusedOnly: true, sent: 0 };

    if (writes && (bodySchema || method !== 'DELETE')) await jsonKinds(pass, concrete, bodySchema, routeIndex);
    await queryKinds(pass, concrete, queryParams.length ? queryParams.map((p) => p.name) : ['q'], routeIndex);
    if (writes && method !== 'DELETE' && !bodySchema) await multipartKinds(pass, concrete, routeIndex);
    if (/:[A-Za-z_]+/.test(url) && !url.endsWith('*')) await pathKinds(pass);
    sent += pass.sent;
    if (writes && pass.refusedOnly) {
      compared++;
      const after = await fingerprint(target.t);
      if (after !== before)
        problems.push(`${method} ${url}: refused every request, yet the data changed (${diff(before, after)})`);
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.info(
    `hostile sweep (${label}): ${sent} requests in ${seconds} s; data compared before/after on ${compared} write routes`,
  );
  return problems;
}

/** The GET routes of the target without path parameters that do not answer 200 (a list broken by stored input). */
export async function unreadableLists(target: HostileTarget, requiredQuery: Record<string, string> = {}): Promise<string[]> {
  const broken: string[] = [];
  for (const { method, url } of target.routes) {
    if (method !== 'GET' || url.includes(':') || url.endsWith('*') || url === '/api/auth/me') continue;
    // A provider's handshake, not a list: it answers only the provider (401 here, docs/rules.md#whatsapp).
    if (VERIFIED_BY_PROVIDER.has(`GET ${url}`)) continue;
    const res = await inject(target, { method: 'GET', url: url + (requiredQuery[url] ?? '') });
    if (res.statusCode !== 200) broken.push(`${url} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  return broken;
}

/**
 * The two sweeps as tests of the calling suite, on the target `target()` answers once its beforeAll
 * has run: generated input, then every kind of hostile input in every place.
 */
export function itSweepsEveryRoute(target: () => HostileTarget, label: string) {
  it(`${label}: never answers 5xx, answers {error} on every 4xx`, async () => {
    expect(await generatedSweep(target())).toEqual([]);
  }, 120_000);

  it(`${label}: every kind of hostile input, in every place of every route: never 5xx, a Portuguese message naming the field, nothing changed by a refusal`, async () => {
    expect(await exhaustiveSweep(target(), label)).toEqual([]);
  }, 240_000);
}
