// `npm run scale-check [-- --seconds N] [--port P]`: two server processes over one PostgreSQL and one
// S3-protocol store behind a small round-robin proxy, a mixed load through the proxy, one process
// killed (SIGKILL) halfway, then a check that every acknowledged write is stored exactly once and every
// photo is readable from the process that is left (docs/architecture.md#growing-past-one-machine).
// Not part of `npm test`: it takes about a minute. The database is a fresh one made on the server of
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { startS3 } from '../apps/server/test/s3';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '30' }, port: { type: 'string', default: '0' } },
});
const SECONDS = Number(args.seconds);
const BASE_PORT = Number(args.port);
if (!(SECONDS >= 4) || !Number.isInteger(BASE_PORT) || BASE_PORT < 0) {
  console.error(
    'Uso: npm run scale-check -- [--seconds N (4 ou mais)] [--port P (proxy em P, servidores em P+1 e P+2, S3 em P+3)]',
  );
  process.exit(2);
}
const port = (offset: number) => (BASE_PORT ? BASE_PORT + offset : 0);
const runId = randomBytes(3).toString('hex');
const ADMIN_PASSWORD = `Escala-${runId}-Adm!9`;
const USER_PASSWORD = `Carga-${runId}-Usu#7`;
const OFFICE_WORKERS = 2;
const FIELD_WORKERS = 4;
const SIGN_IN_EVERY = 8;
const today = new Date().toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number) => n.toLocaleString('pt-BR');

// ---------------------------------------------------------------- the database, the store, the processes

const serverUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
const dbName = `scale_check_${runId}`;
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const admin = new pg.Client({ connectionString: serverUrl.toString() });

interface Backend {
  name: 'A' | 'B';
  url: string;
  port: number;
  process: ChildProcess;
  dataDir: string;
  downUntil: number;
  answered: number;
}

async function startServer(name: Backend['name'], listenPort: number, s3Env: Record<string, string>): Promise<Backend> {
  // The server `npm start` runs (scripts/start.mjs), without the web app: only the API is loaded here.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `os-scale-${name}-`));
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ...s3Env,
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl.toString(),
      ADMIN_PASSWORD,
      WEB_DIST: '',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`o processo ${name} parou ao iniciar (${proc.exitCode}): ${stderr}`);
    if (Date.now() > deadline) throw new Error(`o processo ${name} não respondeu em 120 s: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${listenPort}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  return { name, url: `http://127.0.0.1:${listenPort}`, port: listenPort, process: proc, dataDir, downUntil: 0, answered: 0 };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = http.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as AddressInfo;
      srv.close(() => resolve(p));
    });
    srv.on('error', reject);
  });
}

// ---------------------------------------------------------------- the proxy

const proxyStats = { requests: 0, retriedOnOther: 0, unanswered502: 0, cutMidAnswer: 0 };

/**
 * Round-robin over the processes that answer, like nginx's `proxy_next_upstream error`: a request that
 * cannot reach a process, or loses it before the answer, goes to the other one when repeating it is
 * safe (GET/HEAD, or a write carrying an Idempotency-Key); any other write answers 502, and the load
 * counts it as unanswered (its outcome unknown to the client).
 */
function startProxy(backends: Backend[], listenPort: number): Promise<http.Server> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  let next = 0;
  const pick = (tried: Set<Backend>) => {
    const now = Date.now();
    for (let i = 0; i < backends.length; i++) {
      const b = backends[(next + i) % backends.length]!;
      if (!tried.has(b) && b.downUntil <= now) {
        next = (next + i + 1) % backends.length;
        return b;
      }
    }
    return undefined;
  };
  const forward = (b: Backend, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) =>
    new Promise<void>((resolve, reject) => {
      const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: b.port,
          method: req.method,
          path: req.url,
          agent,
          headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'content-length': String(body.length) },
        },
        (answer) => {
          // Which process answered, for the report (a photo written by B and read from A crossed processes).
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-scale-process': b.name });
          answer.on('aborted', () => reject(new Error('aborted')));
          answer.on('error', reject);
          answer.pipe(res);
          answer.on('end', () => {
            b.answered++;
            resolve();
          });
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const server = http.createServer(async (req, res) => {
    proxyStats.requests++;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const repeatable = req.method === 'GET' || req.method === 'HEAD' || !!req.headers['idempotency-key'];
    const tried = new Set<Backend>();
    for (;;) {
      const b = pick(tried);
      if (!b) {
        proxyStats.unanswered502++;
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Nenhum servidor disponível.' }));
        return;
      }
      tried.add(b);
      try {
        await forward(b, req, body, res);
        return;
      } catch {
        b.downUntil = Date.now() + 5_000;
        if (res.headersSent) {
          proxyStats.cutMidAnswer++;
          res.destroy();
          return;
        }
        if (!repeatable) {
          proxyStats.unanswered502++;
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'O servidor caiu antes de responder.' }));
          return;
        }
        proxyStats.retriedOnOther++;
      }
    }
  });
  return new Promise((resolve) => server.listen(listenPort, '127.0.0.1', () => resolve(server)));
}

// ---------------------------------------------------------------- the load

interface Session {
  cookie: string;
}

async function signIn(base: string, username: string, password: string): Promise<Session> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      const cookie = res.headers
        .getSetCookie()
        .find((c) => c.includes('os_session='))
        ?.split(';')[0];
      if (res.ok && cookie) {
        load.signIns++;
        return { cookie };
      }
      if (res.status !== 502 || attempt >= 5) throw new Error(`entrada de ${username}: ${res.status} ${await res.text()}`);
    } catch (error) {
      if (attempt >= 5) throw error;
    }
    load.signInsUnanswered++;
    await sleep(200);
  }
}

async function call(base: string, session: Session, method: string, url: string, body?: unknown, headers = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      cookie: session.cookie,
      ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  return res;
}

const load = {
  signIns: 0,
  signInsUnanswered: 0,
  reads: 0,
  readFailures: new Map<string, number>(),
  ordersAcked: [] as { id: number; motivo: string; at: number }[],
  ordersUnanswered: [] as string[],
  ordersRefused: new Map<number, number>(),
  descriptionsAcked: [] as { id: number; key: string; text: string; imagem: string; at: number; retries: number; by: string }[],
  descriptionsGivenUp: [] as { key: string; text: string }[],
  photoSums: new Map<string, string>(),
  photoReadsDuringLoad: 0,
};
const count = (map: Map<string | number, number>, key: string | number) => map.set(key, (map.get(key) ?? 0) + 1);

function readFailed(what: string) {
  count(load.readFailures as Map<string | number, number>, what);
}

async function officeWorker(base: string, username: string, clientId: number, technicians: number[], until: number, t0: number) {
  let session = await signIn(base, username, USER_PASSWORD);
  for (let n = 0; Date.now() < until; n++) {
    if (n > 0 && n % SIGN_IN_EVERY === 0) session = await signIn(base, username, USER_PASSWORD);
    const motivo = `scale-check ${runId} ordem ${username}-${n}`;
    try {
      const res = await call(base, session, 'POST', '/api/os', {
        data: today,
        cliente: clientId,
        engenheiro: technicians[n % technicians.length],
        motivo,
      });
      if (res.ok) load.ordersAcked.push({ id: ((await res.json()) as { id: number }).id, motivo, at: Date.now() - t0 });
      else if (res.status === 502) load.ordersUnanswered.push(motivo);
      else count(load.ordersRefused as Map<string | number, number>, res.status);
    } catch {
      load.ordersUnanswered.push(motivo);
    }
    for (const url of ['/api/os?limit=20', `/api/os/${load.ordersAcked.at(-1)?.id ?? 1}`]) {
      try {
        const res = await call(base, session, 'GET', url);
        await res.arrayBuffer();
        if (res.ok) load.reads++;
        else readFailed(`GET ${url.split('?')[0]!.replace(/\d+$/, '{id}')} ${res.status}`);
      } catch {
        readFailed(`GET ${url.split('?')[0]!.replace(/\d+$/, '{id}')} sem resposta`);
      }
    }
  }
}

async function fieldWorker(base: string, username: string, orderId: number, photos: Buffer[], until: number, t0: number) {
  let session = await signIn(base, username, USER_PASSWORD);
  for (let n = 0; Date.now() < until; n++) {
    if (n > 0 && n % SIGN_IN_EVERY === 0) session = await signIn(base, username, USER_PASSWORD);
    const key = `scale-${runId}-${username}-${n}`;
    const text = `scale-check ${runId} descrição ${username}-${n}`;
    // The field screens send a keyed write again until it is answered (docs/rules.md#offline-sync).
    let answered = false;
    for (let attempt = 0; attempt < 6 && !answered; attempt++) {
      const form = new FormData();
      form.set('data', today);
      form.set('descricao', text);
      form.set('osnumber', String(orderId));
      form.set('imagem', new Blob([new Uint8Array(photos[n % photos.length]!)], { type: 'image/jpeg' }), 'foto.jpg');
      try {
        const res = await call(base, session, 'POST', '/api/descricao/', form, { 'idempotency-key': key });
        if (res.ok) {
          const row = (await res.json()) as { id: number; imagem: string };
          load.descriptionsAcked.push({
            id: row.id,
            key,
            text,
            imagem: row.imagem,
            at: Date.now() - t0,
            retries: attempt,
            by: res.headers.get('x-scale-process') ?? '?',
          });
          answered = true;
          const photo = await call(base, session, 'GET', `/uploads/${row.imagem}`);
          const bytes = Buffer.from(await photo.arrayBuffer());
          if (photo.ok) {
            load.photoReadsDuringLoad++;
            load.photoSums.set(row.imagem, createHash('sha256').update(bytes).digest('hex'));
          } else readFailed(`GET /uploads/{foto} ${photo.status}`);
          break;
        }
        if (res.status !== 502) throw new Error(`POST /api/descricao/ respondeu ${res.status}: ${await res.text()}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('POST /api/descricao/')) throw error;
      }
      await sleep(250);
    }
    if (!answered) load.descriptionsGivenUp.push({ key, text });
    if (n % 4 === 0) {
      try {
        const res = await call(base, session, 'GET', `/api/descricao/${orderId}`);
        await res.arrayBuffer();
        if (res.ok) load.reads++;
        else readFailed(`GET /api/descricao/{osId} ${res.status}`);
      } catch {
        readFailed('GET /api/descricao/{osId} sem resposta');
      }
    }
  }
}

// ---------------------------------------------------------------- the run

const cleanups: (() => Promise<unknown> | unknown)[] = [];
const violations: string[] = [];

async function main() {
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  });

  const s3 = await startS3(`os-scale-${runId}`, port(3));
  cleanups.push(() => s3.stop());
  const s3Env = s3.env;

  // One after the other: the first applies the migrations and creates the administrator.
  const backends: Backend[] = [];
  cleanups.push(() =>
    Promise.all(
      backends.map(async (b) => {
        if (b.process.exitCode === null && b.process.signalCode === null) {
          const done = new Promise((r) => b.process.once('exit', r));
          b.process.kill('SIGTERM');
          await done;
        }
        fs.rmSync(b.dataDir, { recursive: true, force: true });
      }),
    ),
  );
  backends.push(await startServer('A', port(1) || (await freePort()), s3Env));
  backends.push(await startServer('B', port(2) || (await freePort()), s3Env));
  const [a, b] = backends as [Backend, Backend];
  const proxy = await startProxy(backends, port(0));
  cleanups.push(() => {
    proxy.closeAllConnections();
    return new Promise((r) => proxy.close(r));
  });
  const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  console.log(
    `scale-check ${runId}: processos A ${a.url} e B ${b.url}, PostgreSQL ${dbName}, S3 ${s3.settings.endpoint}, proxy ${base}; ${SECONDS} s de carga`,
  );

  // The people: an administrator makes the client and the users; office users open orders, each
  // technician writes descriptions with photos on an order of their own.
  const adminSession = await signIn(base, 'admin', ADMIN_PASSWORD);
  const made = async (url: string, body: unknown) => {
    const res = await call(base, adminSession, 'POST', url, body);
    if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: number };
  };
  const client = await made('/api/clientes', { razao: `Cliente da Escala ${runId} Ltda`, cnpj: '11.222.333/0001-81' });
  const user = (username: string, role: string) =>
    made('/api/users', {
      nome_completo: `Pessoa ${username}`,
      username,
      email: `${username}@example.com`,
      role,
      password: USER_PASSWORD,
    });
  const office = await Promise.all(Array.from({ length: OFFICE_WORKERS }, (_, i) => user(`escritorio${i + 1}`, 'user')));
  const field = await Promise.all(Array.from({ length: FIELD_WORKERS }, (_, i) => user(`campo${i + 1}`, 'tec')));
  const fieldOrders = await Promise.all(
    field.map((tec, i) =>
      made('/api/os', { data: today, cliente: client.id, engenheiro: tec.id, motivo: `Ordem do campo ${i + 1}` }),
    ),
  );
  const photos = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30 * i, g: 120, b: 255 - 30 * i } } })
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );

  const t0 = Date.now();
  const until = t0 + SECONDS * 1000;
  const killAt = (SECONDS * 1000) / 2;
  let killedAt = 0;
  const killer = (async () => {
    await sleep(killAt);
    killedAt = Date.now() - t0;
    b.process.kill('SIGKILL');
  })();
  const workers = [
    ...office.map((_, i) =>
      officeWorker(
        base,
        `escritorio${i + 1}`,
        client.id,
        field.map((t) => t.id),
        until,
        t0,
      ),
    ),
    ...field.map((_, i) => fieldWorker(base, `campo${i + 1}`, fieldOrders[i]!.id, photos, until, t0)),
  ];
  const outcomes = await Promise.allSettled(workers);
  await killer;
  const elapsed = (Date.now() - t0) / 1000;
  for (const o of outcomes) if (o.status === 'rejected') violations.push(`uma carga parou: ${String(o.reason)}`);

  // ------------------------------------------------------------ what is stored, read from the database

  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  const orderRows = (
    await db.query<{ motivo: string; ids: number[] }>(
      'select motivo, array_agg(id order by id) as ids from orders where motivo like $1 group by motivo',
      [`scale-check ${runId} ordem %`],
    )
  ).rows;
  const descRows = (
    await db.query<{ descricao: string; ids: number[]; keys: string[] }>(
      'select descricao, array_agg(id order by id) as ids, array_agg(idempotency_key order by id) as keys from descriptions where descricao like $1 group by descricao',
      [`scale-check ${runId} descrição %`],
    )
  ).rows;
  await db.end();
  const ordersByMotivo = new Map(orderRows.map((r) => [r.motivo, r.ids]));
  const descByText = new Map(descRows.map((r) => [r.descricao, r]));

  let ordersOnce = 0;
  for (const o of load.ordersAcked) {
    const ids = ordersByMotivo.get(o.motivo) ?? [];
    if (ids.length === 1 && ids[0] === o.id) ordersOnce++;
    else violations.push(`a OS ${o.id} (${o.motivo}) confirmada está ${ids.length} vez(es) no banco: ${ids.join(', ')}`);
  }
  let unansweredStored = 0;
  for (const motivo of load.ordersUnanswered) {
    const ids = ordersByMotivo.get(motivo) ?? [];
    if (ids.length > 1) violations.push(`a OS sem resposta "${motivo}" está ${ids.length} vezes no banco`);
    unansweredStored += ids.length;
  }
  const ackedMotivos = new Set([...load.ordersAcked.map((o) => o.motivo), ...load.ordersUnanswered]);
  for (const r of orderRows) if (!ackedMotivos.has(r.motivo)) violations.push(`uma OS que ninguém pediu: ${r.motivo}`);

  let descOnce = 0;
  for (const d of load.descriptionsAcked) {
    const row = descByText.get(d.text);
    if (row && row.ids.length === 1 && row.ids[0] === d.id && row.keys[0] === d.key) descOnce++;
    else violations.push(`a descrição ${d.id} (${d.key}) confirmada está ${row?.ids.length ?? 0} vez(es) no banco`);
  }
  for (const d of load.descriptionsGivenUp) {
    const n = descByText.get(d.text)?.ids.length ?? 0;
    if (n > 1) violations.push(`a descrição sem resposta ${d.key} está ${n} vezes no banco`);
  }

  // ------------------------------------------------------------ read back from the process that is left

  const survivor = a;
  const survivorSession = adminSession; // a session made before the kill, on either process
  let photosRead = 0;
  let photosFromB = 0;
  let photosSame = 0;
  let ordersRead = 0;
  const queue = [...load.descriptionsAcked];
  const orderQueue = [...load.ordersAcked];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let d = queue.pop(); d; d = queue.pop()) {
        const res = await call(survivor.url, survivorSession, 'GET', `/uploads/${d.imagem}`);
        const bytes = Buffer.from(await res.arrayBuffer());
        if (!res.ok || !res.headers.get('content-type')?.startsWith('image/jpeg') || bytes.length === 0) {
          violations.push(`a foto ${d.imagem} da descrição ${d.id} não abre no processo ${survivor.name}: ${res.status}`);
          continue;
        }
        photosRead++;
        if (d.by === 'B') photosFromB++;
        const sum = load.photoSums.get(d.imagem);
        if (sum === undefined || sum === createHash('sha256').update(bytes).digest('hex')) photosSame++;
        else violations.push(`a foto ${d.imagem} mudou entre a leitura na carga e a leitura no processo ${survivor.name}`);
      }
      for (let o = orderQueue.pop(); o; o = orderQueue.pop()) {
        const res = await call(survivor.url, survivorSession, 'GET', `/api/os/${o.id}`);
        const order = res.ok ? ((await res.json()) as { motivo?: string }) : undefined;
        if (order?.motivo === o.motivo) ordersRead++;
        else violations.push(`a OS ${o.id} não abre no processo ${survivor.name}: ${res.status}`);
      }
    }),
  );

  // ------------------------------------------------------------ the report

  const afterKill = [...load.ordersAcked, ...load.descriptionsAcked].filter((w) => w.at > killedAt).length;
  if (afterKill === 0) violations.push('nenhuma escrita foi confirmada depois da queda do processo B');
  const retried = load.descriptionsAcked.filter((d) => d.retries > 0).length;
  const writes = load.ordersAcked.length + load.descriptionsAcked.length;
  const lines = [
    `carga: ${elapsed.toFixed(1).replace('.', ',')} s, ${OFFICE_WORKERS + FIELD_WORKERS} pessoas ao mesmo tempo; processo B morto (SIGKILL) aos ${(killedAt / 1000).toFixed(1).replace('.', ',')} s`,
    `proxy: ${fmt(proxyStats.requests)} pedidos (A respondeu ${fmt(a.answered)}, B ${fmt(b.answered)}), ${fmt(proxyStats.retriedOnOther)} repetidos no outro processo, ${fmt(proxyStats.unanswered502)} sem resposta (502), ${fmt(proxyStats.cutMidAnswer)} cortados no meio da resposta`,
    `entradas: ${fmt(load.signIns)} (${fmt(load.signInsUnanswered)} sem resposta, feitas de novo)`,
    `leituras: ${fmt(load.reads)} listas e OS, ${fmt(load.photoReadsDuringLoad)} fotos lidas logo após o envio${load.readFailures.size ? `; falhas: ${[...load.readFailures].map(([k, v]) => `${k} ×${v}`).join(', ')}` : ''}`,
    `escritas confirmadas: ${fmt(writes)} (${(writes / elapsed).toFixed(1).replace('.', ',')} por segundo), ${fmt(afterKill)} depois da queda, só pelo processo A`,
    `OS (POST /api/os, sem Idempotency-Key): ${fmt(load.ordersAcked.length)} confirmadas, ${fmt(ordersOnce)} exatamente uma vez no banco e ${fmt(ordersRead)} lidas no processo A; ${fmt(load.ordersUnanswered.length)} sem resposta na queda (${fmt(unansweredStored)} gravadas, nenhuma duas vezes)${load.ordersRefused.size ? `; recusadas: ${[...load.ordersRefused].map(([k, v]) => `${k} ×${v}`).join(', ')}` : ''}`,
    `descrições com foto (Idempotency-Key): ${fmt(load.descriptionsAcked.length)} confirmadas (${fmt(retried)} após repetir o envio), ${fmt(descOnce)} exatamente uma vez no banco; ${fmt(load.descriptionsGivenUp.length)} desistidas`,
    `fotos: ${fmt(photosRead)} de ${fmt(load.descriptionsAcked.length)} abertas no processo A (${fmt(photosFromB)} delas enviadas pelo processo B), ${fmt(photosSame)} idênticas à leitura durante a carga`,
  ];
  for (const line of lines) console.log(`  ${line}`);
  if (violations.length) {
    console.log(`FALHOU: ${violations.length} violação(ões)`);
    for (const v of violations.slice(0, 20)) console.log(`  - ${v}`);
    process.exitCode = 1;
  } else {
    console.log('OK: toda escrita confirmada está gravada exatamente uma vez e toda foto abre no processo que ficou.');
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('limpeza:', error instanceof Error ? error.message : error);
    }
  }
}
