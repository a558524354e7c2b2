import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { AREAS, createLocalStorage, type Storage } from '../platform/storage';

const run = promisify(execFile);

/**
 * One archive (tar.gz) with the database and every stored file:
 *   manifest.json   {kind: 'pglite' | 'postgres', createdAt}
 *   database.tar    PGlite's dumpDataDir   | database.dump  pg_dump --format=custom
 *   files/<area>/…  uploads, uploadDocs, pdfs, outbox, from the configured storage (DATA_DIR or the S3 bucket)
 * PGlite is a single process: back it up while the server is stopped.
 */
export async function createBackup(opts: {
  dataDir: string;
  databaseUrl?: string;
  archive: string;
  storage?: Storage;
}): Promise<string> {
  const storage = opts.storage ?? createLocalStorage(opts.dataDir);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'os-backup-'));
  try {
    const kind = opts.databaseUrl ? 'postgres' : 'pglite';
    if (opts.databaseUrl) {
      await run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(work, 'database.dump'), opts.databaseUrl]);
    } else {
      const dir = path.join(opts.dataDir, 'pglite');
      if (!fs.existsSync(dir)) throw new Error(`Banco embutido não encontrado em ${dir}`);
      const db = new PGlite({ dataDir: dir });
      await db.waitReady; // Note: dumpDataDir before ready never settles
      const dump = await db.dumpDataDir('none');
      await db.close();
      fs.writeFileSync(path.join(work, 'database.tar'), Buffer.from(await dump.arrayBuffer()));
    }
    for (const area of AREAS) {
      const keys = await storage.list(area);
      if (keys.length) fs.mkdirSync(path.join(work, 'files', area), { recursive: true });
      for (const key of keys) await pipeline(await storage.stream(key), fs.createWriteStream(path.join(work, 'files', key)));
    }
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify({ kind, createdAt: new Date().toISOString() }, null, 2));
    const archive = path.resolve(opts.archive);
    await run('tar', ['-czf', archive, '-C', work, '.']);
    return archive;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Restores an archive into an empty DATA_DIR (PGlite) or an empty PostgreSQL database. Every target is
 * checked before anything is written, so a refused restore leaves no half-restored instance behind.
 */
export async function restoreBackup(opts: {
  dataDir: string;
  databaseUrl?: string;
  archive: string;
  storage?: Storage;
}): Promise<void> {
  const storage = opts.storage ?? createLocalStorage(opts.dataDir);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'os-restore-'));
  try {
    await run('tar', ['-xzf', path.resolve(opts.archive), '-C', work]);
    const manifest = JSON.parse(fs.readFileSync(path.join(work, 'manifest.json'), 'utf8')) as { kind: string };
    const pgliteDir = path.join(opts.dataDir, 'pglite');
    if (opts.databaseUrl) {
      if (manifest.kind !== 'postgres')
        throw new Error('Este arquivo é de um banco embutido (PGlite): restaure sem DATABASE_URL.');
      await refuseNonEmptyDatabase(opts.databaseUrl);
    } else {
      if (manifest.kind !== 'pglite') throw new Error('Este arquivo é de um PostgreSQL: restaure com DATABASE_URL.');
      refuseNonEmptyDir(pgliteDir);
    }
    for (const area of AREAS)
      if ((await storage.list(area)).length)
        throw new Error(`${area} não está vazio: restaure em um DATA_DIR (ou bucket S3) vazio.`);

    if (opts.databaseUrl) {
      await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', opts.databaseUrl, path.join(work, 'database.dump')]);
    } else {
      const dump = fs.readFileSync(path.join(work, 'database.tar'));
      fs.mkdirSync(pgliteDir, { recursive: true });
      const db = new PGlite({ dataDir: pgliteDir, loadDataDir: new Blob([dump]) });
      await db.waitReady;
      await db.close();
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
