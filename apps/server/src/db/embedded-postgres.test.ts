import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { type EmbeddedCluster, embeddedClusterDir, OUTSIDE_CLUSTERS, startCluster } from './embedded-postgres';

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

async function query<T>(cluster: EmbeddedCluster, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A clone in a private folder, as `mktemp -d` or root's home makes it: mode 700 above DATA_DIR. */
function privateDataDir(): { top: string; dataDir: string } {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'os-private-'));
  expect(fs.statSync(top).mode & 0o777).toBe(0o700);
  return { top, dataDir: path.join(top, 'checkout', 'data') };
}

// The first start as root in a private folder (docs/decisions.md, embedded PostgreSQL): PostgreSQL runs as
// `postgres`, which cannot walk into the folder, so the cluster lives in a folder of its own that DATA_DIR links to.
// Only the embedded project runs it, and only as root (an ordinary user runs PostgreSQL as itself).
describe.skipIf(inject('dbKind') !== 'embedded' || !asRoot)('the embedded PostgreSQL as root under a private folder', () => {
  const tops: string[] = [];
  const running: EmbeddedCluster[] = [];
  afterEach(async () => {
    for (const cluster of running.splice(0)) await cluster.stop();
    for (const top of tops.splice(0)) fs.rmSync(top, { recursive: true, force: true });
  });

  it('starts, keeps its rows across a restart, and DATA_DIR/postgres names where they are', async () => {
    const { top, dataDir } = privateDataDir();
    tops.push(top);
    const first = await startCluster({ dir: embeddedClusterDir(dataDir) });
    running.push(first);
    expect(first.dir.startsWith(`${OUTSIDE_CLUSTERS}/`)).toBe(true);
    expect(fs.readlinkSync(embeddedClusterDir(dataDir))).toBe(first.dir);
    expect(fs.readFileSync(path.join(path.dirname(first.dir), 'DATA_DIR'), 'utf8').trim()).toBe(fs.realpathSync(dataDir));
    // The password stays in DATA_DIR, readable by root only.
    expect(fs.statSync(path.join(dataDir, 'embedded-postgres.json')).mode & 0o777).toBe(0o600);
    await query(first, 'create table guardado (texto text); insert into guardado values ($$ainda aqui$$)');
    await running.pop()!.stop();

    const again = await startCluster({ dir: embeddedClusterDir(dataDir) });
    running.push(again);
    expect(again.dir).toBe(first.dir);
    expect(again.adopted).toBe(false);
    expect(await query<{ texto: string }>(again, 'select texto from guardado')).toEqual([{ texto: 'ainda aqui' }]);
  });

  it('removes the folder of a DATA_DIR that was deleted, and leaves the others', async () => {
    const gone = privateDataDir();
    const kept = privateDataDir();
    tops.push(kept.top);
    const old = await startCluster({ dir: embeddedClusterDir(gone.dataDir) });
    await old.stop();
    const keptCluster = await startCluster({ dir: embeddedClusterDir(kept.dataDir) });
    await keptCluster.stop();
    fs.rmSync(gone.top, { recursive: true, force: true });

    const fresh = privateDataDir();
    tops.push(fresh.top);
    running.push(await startCluster({ dir: embeddedClusterDir(fresh.dataDir) }));
    expect(fs.existsSync(path.dirname(old.dir))).toBe(false);
    expect(fs.existsSync(path.join(keptCluster.dir, 'PG_VERSION'))).toBe(true);
  });
});
