import { offlineDb } from './store';

/** The GETs of the engineer screens kept for reading without signal (the order cards and each order's record). */
const CACHED = [
  /^\/api\/lancamentos$/,
  /^\/api\/(viagemida|viagemvolta|servicos|descricao|despesa|assinatura)\/\d+$/,
  /^\/api\/tipodespesa/,
  // An order's checklist, to answer it without signal (docs/rules.md#checklists).
  /^\/api\/os\/\d+\/checklist$/,
  // docs/rules.md#materials-and-stock: an order's materials, the active register to search and the van's balances.
  /^\/api\/os\/\d+\/materiais$/,
  // docs/rules.md#quotes: the planned materials of an order made from a quote.
  /^\/api\/os\/\d+\/orcamento$/,
  /^\/api\/materiais\?ativo=true&limit=1000$/,
  /^\/api\/estoques$/,
  /^\/api\/estoques\/\d+\/saldos\?limit=1000$/,
];
const SESSION = '/api/auth/me';

let owner: number | null = null;
const listeners = new Set<() => void>();
let lastSync: number | null = null;

/** Time of the last answer from the server to a cached read (shown next to the 'Offline' indicator). */
export const getLastSync = () => lastSync;
export function onReadsChange(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const readOwner = () => owner;

export function isCachedRead(path: string) {
  return path === SESSION || CACHED.some((re) => re.test(path));
}

const idOf = (path: string) => (path === SESSION ? 'session' : owner === null ? null : `${owner}|${path}`);

export async function rememberRead(path: string, data: unknown) {
  if (path === SESSION) owner = (data as { id?: number } | null)?.id ?? null;
  const id = idOf(path);
  if (!id) return;
  const at = Date.now();
  try {
    const db = await offlineDb();
    await db.put('reads', { id, data, at });
    if (id !== 'session') {
      lastSync = at;
      await db.put('reads', { id: `${owner}|lastSync`, data: at, at });
      for (const l of listeners) l();
    }
  } catch {
    // Private mode or a full disk: reading offline is a convenience, never a reason to fail online.
  }
}

export async function recallRead(path: string): Promise<{ found: boolean; data?: unknown }> {
  try {
    const db = await offlineDb();
    if (path === SESSION) {
      const row = await db.get('reads', 'session');
      owner = (row?.data as { id?: number } | null)?.id ?? null;
      if (owner !== null) await loadLastSync();
      return row ? { found: true, data: row.data } : { found: false };
    }
    const id = idOf(path);
    const row = id ? await db.get('reads', id) : undefined;
    return row ? { found: true, data: row.data } : { found: false };
  } catch {
    return { found: false };
  }
}

async function loadLastSync() {
  const db = await offlineDb();
  const row = await db.get('reads', `${owner}|lastSync`);
  lastSync = typeof row?.data === 'number' ? row.data : null;
  for (const l of listeners) l();
}

/** Signed in (answer of login or /me): the reads from now on belong to this user. */
export async function setReadOwner(userId: number | null) {
  owner = userId;
  try {
    const db = await offlineDb();
    if (userId === null) await db.delete('reads', 'session');
    else await loadLastSync();
  } catch {
    // see rememberRead
  }
}
