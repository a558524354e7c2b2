import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { embeddedClusterDir, startCluster } from '../db/embedded-postgres';
import { exportPglite, pgliteDir } from '../db/pglite-migration';
import { dumpDatabase, dumpTables, restoreDump } from '../db/table-copy';
import { AREAS, createLocalStorage, type Storage } from '../platform/storage';

const run = promisify(execFile);

interface Target {
  dataDir: string;
  /** Set: the PostgreSQL server of DATABASE_URL; unset: the embedded database in DATA_DIR. */
  databaseUrl?: string;
  archive: string;
  storage?: Storage;
}

/**
 * One archive (tar.gz) with the database and every stored file:
 *   manifest.json   {format: 'rows', kind: 'embedded' | 'postgres', createdAt}
 *   database.rows   every table's rows (db/table-copy.ts), from one snapshot
 *   files/<area>/…  uploads, uploadDocs, pdfs, outbox, from the configured storage (DATA_DIR or the S3 bucket)
 * The database is read in one read-only snapshot, so the server may keep running; no pg_dump is needed, and an
 * archive restores into either mode (docs/decisions.md, embedded PostgreSQL).
 */
export async function createBackup(opts: Target): Promise<string> {
  const storage = opts.storage ?? createLocalStorage(opts.dataDir);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'os-backup-'));
  try {
    const rows = path.join(work, 'database.rows');
    if (opts.databaseUrl) await dumpDatabase(opts.databaseUrl, rows);
    else await dumpEmbedded(opts.dataDir, rows);
    for (const area of AREAS) {
      const keys = await storage.list(area);
      if (keys.length) fs.mkdirSync(path.join(work, 'files', area), { recursive: true });
      for (const key of keys) await pipeline(await storage.stream(key), fs.createWriteStream(path.join(work, 'files', key)));
    }
    const kind = opts.databaseUrl ? 'postgres' : 'embedded';
    fs.writeFileSync(
      path.join(work, 'manifest.json'),
      JSON.stringify({ format: 'rows', kind, createdAt: new Date().toISOString() }, null, 2),
    );
    const archive = path.resolve(opts.archive);
    await run('tar', ['-czf', archive, '-C', work, '.']);
    return archive;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The embedded database's rows: from its server (started for the while, or the running one), or a PGlite folder not yet moved. */
async function dumpEmbedded(dataDir: string, file: string): Promise<void> {
  const clusterDir = embeddedClusterDir(dataDir);
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    if (fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'))) {
      await exportPglite(pgliteDir(dataDir), file);
      return;
    }
    throw new Error(`Banco embutido não encontrado em ${clusterDir}`);
  }
  const cluster = await startCluster({ dir: clusterDir });
  try {
    await dumpDatabase(cluster.url, file);
  } finally {
    if (!cluster.adopted) await cluster.stop();
  }
}

/**
 * Restores an archive into an empty DATA_DIR (embedded database) or an empty PostgreSQL database. Every target
 * is checked before anything is written, so a refused restore leaves no half-restored instance behind. Archives
 * of earlier versions restore too: a PGlite folder's dump (kind 'pglite') into either mode, a pg_dump (kind
 * 'postgres' without format) into DATABASE_URL with pg_restore.
 */
export async function restoreBackup(opts: Target): Promise<void> {
  const storage = opts.storage ?? createLocalStorage(opts.dataDir);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'os-restore-'));
  try {
    await run('tar', ['-xzf', path.resolve(opts.archive), '-C', work]);
    const manifest = JSON.parse(fs.readFileSync(path.join(work, 'manifest.json'), 'utf8')) as { kind: string; format?: string };
    const pgDump = manifest.format !== 'rows' && manifest.kind === 'postgres';
    if (pgDump && !opts.databaseUrl)
      throw new Error('Este arquivo é um pg_dump de uma versão anterior: restaure com DATABASE_URL (precisa do pg_restore).');
    if (opts.databaseUrl) await refuseNonEmptyDatabase(opts.databaseUrl);
    else for (const dir of [embeddedClusterDir(opts.dataDir), pgliteDir(opts.dataDir)]) refuseNonEmptyDir(dir);
    for (const area of AREAS)
      if ((await storage.list(area)).length)
        throw new Error(`${area} não está vazio: restaure em um DATA_DIR (ou bucket S3) vazio.`);

    if (pgDump) {
      await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', opts.databaseUrl!, path.join(work, 'database.dump')]);
    } else {
      const rows = path.join(work, 'database.rows');
      if (manifest.format !== 'rows') await pgliteArchiveRows(path.join(work, 'database.tar'), rows);
      await restoreRows(opts, rows);
    }
    for (const area of AREAS) {
      const from = path.join(work, 'files', area);
      if (!fs.existsSync(from)) continue;
      for (const name of fs.readdirSync(from)) await storage.put(area, fs.createReadStream(path.join(from, name)), name);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function restoreRows(opts: Target, rows: string): Promise<void> {
  if (opts.databaseUrl) {
    await restoreDump(opts.databaseUrl, rows);
    return;
  }
  const clusterDir = embeddedClusterDir(opts.dataDir);
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const cluster = await startCluster({ dir: clusterDir });
  try {
    await restoreDump(cluster.url, rows);
    await cluster.stop();
  } catch (err) {
    await cluster.stop().catch(() => undefined);
    fs.rmSync(clusterDir, { recursive: true, force: true });
    throw err;
  }
}

/** The rows of an earlier version's PGlite archive (its dumpDataDir). */
async function pgliteArchiveRows(tar: string, rows: string): Promise<void> {
  const db = new PGlite({ loadDataDir: new Blob([fs.readFileSync(tar)]) });
  await db.waitReady;
  try {
    await dumpTables(db, rows);
  } finally {
    await db.close();
  }
}

function refuseNonEmptyDir(dir: string): void {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new Error(`${dir} não está vazio: restaure em um DATA_DIR vazio.`);
}

async function refuseNonEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.n ?? 0) > 0) throw new Error('O banco de DATABASE_URL não está vazio: restaure em um banco vazio.');
  } finally {
    await client.end();
  }
}
