/**
 * The race and lockout-abuse probes of `npm run security` (docs/rules.md#accounts): parallel requests
 * racing the same write, and an attacker trying to lock people out of their accounts, against a
 * running instance with demo data. Each probe prints what it found; a broken rule is a finding.
 *
 * The server trusts X-Forwarded-For from loopback (docs/rules.md#accounts), so each request can
 * speak for an address of its own, as requests from many machines would.
 */
import { ADMIN_PASSWORD, type LocalServer } from './local-server';

type Mailbox = { received: { mail: { text?: string | false; html?: string | false }; rcpt: string[] }[] };
export interface ProbeResult {
  name: string;
  ok: boolean;
  found: string;
}

const DEMO_PASSWORD = 'demo1234';

export async function runProbes(server: LocalServer, mailbox: Mailbox): Promise<ProbeResult[]> {
  const adminCookie = await server.login();
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), origin: server.url, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const signIn = (username: string, password: string, ip: string) =>
    call('POST', '/api/auth/login', { username, password }, { 'x-forwarded-for': ip });
  const asAdmin = (method: string, path: string, body?: unknown) => call(method, path, body, { cookie: adminCookie });
  const tally = (statuses: number[]) => {
    const counts = new Map<number, number>();
    for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
    return [...counts].map(([s, n]) => `${n} × ${s}`).join(', ');
  };

  const results: ProbeResult[] = [];
  const probe = async (name: string, run: () => Promise<{ ok: boolean; found: string }>) => {
    try {
      const { ok, found } = await run();
      results.push({ name, ok, found });
    } catch (err) {
      results.push({ name, ok: false, found: `a sonda falhou: ${(err as Error).message}` });
    }
    const last = results.at(-1)!;
    console.log(`${last.ok ? 'ok     ' : 'ACHADO '} ${name}\n        ${last.found}`);
  };

  await probe('sign-in race: 40 wrong passwords at once from one address get no more checks than 5 in a row', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async () => (await signIn('maria', 'senha-errada-1', '10.1.0.1')).status),
    );
    const checked = statuses.filter((s) => s === 401).length;
    return { ok: checked <= 5 && !statuses.some((s) => s >= 500), found: `${tally(statuses)} (${checked} checked, limit 5)` };
  });

  await probe(
    'lockout abuse: 70 wrong passwords each for a user and for admin from 14 addresses; the owners still sign in',
    async () => {
      // The victim has signed in before from their own address.
      const before = await signIn('ana', DEMO_PASSWORD, '10.2.0.9');
      if (before.status !== 200) return { ok: false, found: `the victim could not sign in before the attack: ${before.status}` };
      const attack = await Promise.all(
        Array.from({ length: 140 }, async (_, i) => {
          const res = await signIn(i % 2 ? 'admin' : 'ana', `tentativa-${i}`, `10.9.0.${Math.floor(i / 10) + 1}`);
          return res.status;
        }),
      );
      const started = Date.now();
      const victim = (await signIn('ana', DEMO_PASSWORD, '10.2.0.9')).status;
      const admin = (await signIn('admin', ADMIN_PASSWORD, '127.0.0.1')).status;
      const newPlace = await signIn('ana', DEMO_PASSWORD, '10.3.0.1');
      const waited = ((Date.now() - started) / 1000).toFixed(1);
      const attacker = (await signIn('ana', DEMO_PASSWORD, '10.9.0.1')).status;
      const ok = victim === 200 && admin === 200 && newPlace.status === 200 && !attack.some((s) => s >= 500);
      return {
        ok,
        found: `attack: ${tally(attack)}; then the victim from their address ${victim}, admin ${admin}, the victim from a new address ${newPlace.status} (after ${waited} s in all), the right password from an attacker's address ${attacker}`,
      };
    },
  );

  const [client] = (await (await asAdmin('GET', '/api/clientes?limit=1')).json()) as { id: number }[];
  if (!client) throw new Error('demo data without clients');

  await probe('double numbering: 20 orders created at once get 20 distinct consecutive numbers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => asAdmin('POST', '/api/os', { data: '2026-03-02', cliente: client.id })),
    );
    const numbers = await Promise.all(
      answers.map(async (r) => (r.ok ? ((await r.json()) as { numero: number }).numero : -r.status)),
    );
    const sorted = [...numbers].sort((a, b) => a - b);
    const distinct = new Set(numbers).size === 20 && sorted.every((n, i) => n > 0 && (i === 0 || n === sorted[i - 1]! + 1));
    return { ok: distinct, found: `numbers ${sorted[0]}..${sorted.at(-1)}, ${new Set(numbers).size} distinct of 20` };
  });

  await probe('double closing: the same finished orders closed 6 times at once make one closing', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await asAdmin('POST', '/api/os', { data: '2026-03-03', cliente: client.id, status: 'Concluído' });
      if (!res.ok) throw new Error(`order not created: ${res.status} ${await res.text()}`);
      ids.push(((await res.json()) as { id: number }).id);
    }
    const countBefore = ((await (await asAdmin('GET', '/api/fechamentos')).json()) as unknown[]).length;
    const statuses = await Promise.all(
      Array.from({ length: 6 }, async () => (await asAdmin('POST', '/api/fechamentos', { osIds: ids })).status),
    );
    const countAfter = ((await (await asAdmin('GET', '/api/fechamentos')).json()) as unknown[]).length;
    const created = statuses.filter((s) => s >= 200 && s < 300).length;
    return {
      ok: created === 1 && countAfter - countBefore === 1 && !statuses.some((s) => s >= 500),
      found: `${tally(statuses)}; closings ${countBefore} -> ${countAfter}`,
    };
  });

  await probe('recovery link used 5 times at once: one new login, the others refused', async () => {
    const sent = mailbox.received.length;
    const asked = await call(
      'POST',
      '/api/recuperar-senha',
      { nomeCompleto: 'Carlos Pereira', email: 'carlos@example.com' },
      { 'x-forwarded-for': '10.4.0.1' },
    );
    if (!asked.ok) throw new Error(`recovery not sent: ${asked.status} ${await asked.text()}`);
    for (let i = 0; i < 100 && mailbox.received.length === sent; i++) await new Promise((r) => setTimeout(r, 100));
    const mail = mailbox.received.at(-1)?.mail;
    const token = /token=([A-Za-z0-9_-]+)/.exec(`${mail?.text || ''} ${mail?.html || ''}`)?.[1];
    if (!token) throw new Error('no recovery e-mail arrived');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call(
          'PUT',
          '/api/atualizarlogin',
          { token, login: `carlos.r${i}`, pass: `Trocar-Agora-${i}-x9`, nomeCompleto: 'Carlos Pereira' },
          { 'x-forwarded-for': `10.4.1.${i + 1}` },
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    const winners = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => (await signIn(`carlos.r${i}`, `Trocar-Agora-${i}-x9`, '10.4.2.1')).status),
    );
    const used = statuses.filter((s) => s === 200).length;
    const canSignIn = winners.filter((s) => s === 200).length;
    return {
      ok: used === 1 && canSignIn === 1 && !statuses.some((s) => s >= 500),
      found: `${tally(statuses)}; logins that sign in afterwards: ${canSignIn}`,
    };
  });

  return results;
}
