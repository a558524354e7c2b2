// `npm run security`: starts a local instance (temporary DATA_DIR, the embedded PostgreSQL, demo data, an in-process
// SMTP server) and runs
// 1. the race and lockout-abuse probes (scripts/lib/security-probes.ts, docs/rules.md#accounts):
//    parallel sign-ins past the throttle, an attacker trying to lock out a user and the admin, double
//    numbering, double closing, one recovery link used at once several times;
// 2. sqlmap (Debian package `sqlmap`) against the login and every list endpoint (GET routes without
//    path parameters, with the query parameters their OpenAPI schema declares).
// Exits 1 on any finding, 2 when sqlmap is missing (after the probes). `npm run security -- --probes`
// runs the probes only. Not part of `npm test`: sqlmap takes minutes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtp } from '../apps/server/test/smtp';
import { startLocalServer } from './lib/local-server';
import { runProbes } from './lib/security-probes';

/** Ends the try block after the probes when sqlmap is not to run. */
class SkipSqlmap extends Error {}

const probesOnly = process.argv.includes('--probes');
const hasSqlmap = !probesOnly && spawnSync('sqlmap', ['--version'], { encoding: 'utf8' }).status === 0;

const smtp = await startSmtp();
const server = await startLocalServer({ DEMO_DATA: '1', WEB_DIST: '', SMTP_URL: smtp.url });
const findings: string[] = [];
try {
  console.log('Sondas de corrida e de bloqueio de contas:');
  for (const result of await runProbes(server, smtp)) if (!result.ok) findings.push(`${result.name}\n  ${result.found}`);
  if (probesOnly || !hasSqlmap) throw new SkipSqlmap();
  const cookie = await server.login();
  const docs = (await (await fetch(`${server.url}/api/docs/json`, { headers: { cookie } })).json()) as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  const targets: { label: string; args: string[] }[] = [
    {
      label: 'POST /api/auth/login',
      args: [
        '-u',
        `${server.url}/api/auth/login`,
        '--data',
        // Only the user name reaches SQL; the password is compared by argon2 in the server.
        '{"username":"admin*","password":"x"}',
        '--headers',
        'Content-Type: application/json',
        // The sign-in lockout (20 failures per address) would answer 429 before any payload reached SQL,
        // making a clean result meaningless. The server trusts X-Forwarded-For from this host (TRUST_PROXY
        // default 'loopback'), so a new random address per request keeps every payload on the real path.
        '--tamper=xforwardedfor',
        // A failed sign-in answers 401 (and the lockout 429 once sqlmap's unchanged request has failed
        // five times for 'admin'); without this sqlmap stops at the first answer and tests nothing.
        '--ignore-code=401,429',
      ],
    },
  ];
  for (const [p, ops] of Object.entries(docs.paths)) {
    if (!ops.get || p.includes('{') || !p.startsWith('/api/') || p.startsWith('/api/auth/')) continue;
    const query = (ops.get.parameters ?? []).filter((q) => q.in === 'query').map((q) => `${q.name}=1`);
    // Without declared parameters, probe a search-like one anyway (an unknown parameter must be ignored safely).
    const qs = query.length ? query.join('&') : 'q=1';
    targets.push({ label: `GET ${p}`, args: ['-u', `${server.url}${p}?${qs}`, '--cookie', cookie] });
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'os-sqlmap-'));
  for (const target of targets) {
    console.log(`sqlmap: ${target.label}`);
    const run = spawnSync(
      'sqlmap',
      [
        ...target.args,
        '--batch',
        '--level=2',
        '--risk=1',
        '--dbms=PostgreSQL',
        '--technique=BEUST',
        '--time-sec=2',
        '--threads=2',
        '--flush-session',
        '--disable-coloring',
        `--output-dir=${outDir}`,
        '--skip=cookie',
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const out = `${run.stdout}\n${run.stderr}`;
    if (/identified the following injection point|is vulnerable/i.test(out)) {
      findings.push(
        `${target.label}\n${out
          .split('\n')
          .filter((l) => /Parameter:|Type:|Payload:/.test(l))
          .join('\n')}`,
      );
      console.log('  ACHADO');
    } else if (!/all tested parameters do not appear to be injectable/i.test(out)) {
      // sqlmap did not finish its tests (it gave up on an answer, or failed): a silence that proves nothing.
      findings.push(
        `${target.label}: varredura não concluída (sqlmap saiu com ${run.status})\n${out
          .split('\n')
          .filter((l) => /\[(ERROR|CRITICAL)\]|error codes|Too Many|Unauthorized/.test(l))
          .join('\n')
          .slice(-1500)}`,
      );
      console.log('  varredura não concluída');
    } else console.log('  nenhum achado');
  }
  fs.rmSync(outDir, { recursive: true, force: true });
} catch (err) {
  if (!(err instanceof SkipSqlmap)) throw err;
} finally {
  await server.stop();
  await smtp.close();
}
if (findings.length) {
  console.error(`\n${findings.length} achado(s):\n${findings.join('\n\n')}`);
  process.exit(1);
}
if (!probesOnly && !hasSqlmap) {
  console.error('\nSondas sem achados; sqlmap não encontrado (apt-get install sqlmap): a varredura de injeção não rodou.');
  process.exit(2);
}
console.log(probesOnly ? '\nSondas: nenhum achado.' : '\nSondas e sqlmap: nenhum achado.');
