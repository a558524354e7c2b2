import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl } from '../../test/postgres-url';
import { startS3 } from '../../test/s3';
import { type Database, openEmbedded, openPostgres } from '../db/client';
import { clients, orders, users } from '../db/schema';
import { seedDatabase } from '../db/seed';
import { AREAS, createLocalStorage, createS3Storage, type Storage } from '../platform/storage';
import { createBackup, restoreBackup } from './backup';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'os-backup-test-'));
fs.chmodSync(tmp, 0o755); // the embedded server may run as another user (root's case)
const created: string[] = [];
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  if (created.length) {
    const admin = new pg.Client({ connectionString: inject('dbServer') });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
});

async function newPostgres(): Promise<{ url: string }> {
  // Named after the run's template, so a later run can tell whose it is.
  const name = `${inject('dbTemplate')}_t${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('dbServer') });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  created.push(name);
  return { url: databaseUrl(inject('dbServer'), name) };
}

/** Every row of every table, as JSON text, for comparing two databases. */
async function snapshot(database: Database): Promise<Record<string, string>> {
  const tables = (await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const rows = (await database.db.execute(sql.raw(`select * from "${table_name}" order by 1`))) as unknown as {
      rows: unknown[];
    };
    out[table_name] = JSON.stringify(rows.rows);
  }
  return out;
}

async function populate(database: Database, storage: Storage) {
  await seedDatabase(database.db, { adminPassword: 'backup-admin-123' });
  const [client] = await database.db
    .insert(clients)
    .values({ codigo: 1, razao: 'Eólica São João Ltda', cnpj: '11222333000181', cidade: 'Natal', estado: 'RN' })
    .returning();
  const [tec] = await database.db.select().from(users).limit(1);
  await database.db
    .insert(orders)
    .values({ numero: 1, data: '2026-11-02', clientId: client!.id, technicianId: tec!.id, motivo: 'Manutenção' });
  await storage.put('uploads', randomBytes(5000), 'imagem_20261102101010_abcd1234.jpg');
  await storage.put('pdfs', Buffer.from('%PDF-1.4 teste'), 'os_00001.pdf');
}

const files = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/postgres|pglite/.test(path.relative(dir, e.parentPath)) && e.name !== 'embedded-postgres.json')
    .map((e) => {
      const full = path.join(e.parentPath, e.name);
      return [path.relative(dir, full), fs.readFileSync(full).toString('base64')];
    })
    .sort();

/** Every stored file as [key, base64], read through the storage. */
async function stored(storage: Storage) {
  const out: string[][] = [];
  for (const area of AREAS)
    for (const key of await storage.list(area)) out.push([key, (await storage.read(key)).toString('base64')]);
  return out;
}

/** A new embedded instance in its own DATA_DIR, open as the server opens it. */
async function newEmbedded(name: string): Promise<{ dir: string; database: Database }> {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  return { dir, database: await openEmbedded(dir) };
}

it('round-trips the S3 bucket: every object of the source bucket is in the restored one', async () => {
  const s3 = await startS3('origem');
  const s3b = await startS3('destino');
  const source = createS3Storage(s3.settings);
  const target = createS3Storage(s3b.settings);
  try {
    const dir = path.join(tmp, 's3-source');
    const from = await newPostgres();
    const db1 = await openPostgres(from.url);
    await db1.close();
    await source.put('uploads', randomBytes(5000), 'imagem_20261102101010_abcd1234.jpg');
    await source.put('pdfs', Buffer.from('%PDF-1.4 teste'), 'os_00001.pdf');
    const archive = path.join(tmp, 'backup-s3.tar.gz');
    await createBackup({ dataDir: dir, databaseUrl: from.url, archive, storage: source });
    // Nothing of the files on the local disk: they live in the bucket.
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
    const to = path.join(tmp, 's3-target');
    const toDb = await newPostgres();
    await restoreBackup({ dataDir: to, databaseUrl: toDb.url, archive, storage: target });
    expect(await stored(target)).toEqual(await stored(source));
    expect(await stored(target)).toHaveLength(2);
    // A bucket that already holds files is refused.
    const again = await newPostgres();
    await expect(
      restoreBackup({ dataDir: path.join(tmp, 's3-again'), databaseUrl: again.url, archive, storage: target }),
    ).rejects.toThrow(/não está vazio/);
  } finally {
    source.close?.();
    target.close?.();
    await s3.stop();
    await s3b.stop();
  }
}, 180_000);

it('round-trips a populated DATABASE_URL instance: every table and every file', async () => {
  const source = path.join(tmp, 'source');
  const target = path.join(tmp, 'target');
  const archive = path.join(tmp, 'backup.tar.gz');
  const from = await newPostgres();
  const db1 = await openPostgres(from.url);
  await populate(db1, createLocalStorage(source));
  const before = await snapshot(db1);
  await db1.close();

  await createBackup({ dataDir: source, databaseUrl: from.url, archive });
  expect(fs.statSync(archive).size).toBeGreaterThan(1000);

  const to = await newPostgres();
  await restoreBackup({ dataDir: target, databaseUrl: to.url, archive });
  const db2 = await openPostgres(to.url, { migrate: false });
  const after = await snapshot(db2);
  await db2.close();

  expect(Object.keys(after)).toEqual(Object.keys(before));
  expect(after).toEqual(before);
  expect(before.orders).toContain('Manutenção');
  expect(files(target)).toEqual(files(source));
  expect(files(target)).toHaveLength(2);
}, 180_000);

it('refuses a target that is not empty before writing anything', async () => {
  const archive = path.join(tmp, 'backup.tar.gz');
  // A database that already has tables: refused, and its data untouched.
  const used = await newPostgres();
  const db = await openPostgres(used.url);
  await db.close();
  const fresh = path.join(tmp, 'fresh-pg');
  await expect(restoreBackup({ dataDir: fresh, databaseUrl: used.url, archive })).rejects.toThrow(/não está vazio/);
  expect(fs.existsSync(path.join(fresh, 'uploads'))).toBe(false);
  // An empty database but a DATA_DIR with files: refused before anything is loaded.
  const empty = await newPostgres();
  const busy = path.join(tmp, 'busy-pg');
  fs.mkdirSync(path.join(busy, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(busy, 'uploads', 'x.jpg'), 'x');
  await expect(restoreBackup({ dataDir: busy, databaseUrl: empty.url, archive })).rejects.toThrow(/não está vazio/);
  const client = new pg.Client({ connectionString: empty.url });
  await client.connect();
  const { rows } = await client.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
  await client.end();
  expect(rows[0].n).toBe(0);
  // The embedded mode: a DATA_DIR with files is refused before its database is created.
  const busyEmbedded = path.join(tmp, 'busy-embedded');
  fs.mkdirSync(path.join(busyEmbedded, 'pdfs'), { recursive: true });
  fs.writeFileSync(path.join(busyEmbedded, 'pdfs', 'x.pdf'), 'x');
  await expect(restoreBackup({ dataDir: busyEmbedded, archive })).rejects.toThrow(/não está vazio/);
  expect(fs.existsSync(path.join(busyEmbedded, 'postgres'))).toBe(false);
});

// The embedded mode starts database servers of its own: its project runs these.
describe.runIf(inject('dbKind') === 'embedded')('the embedded database', () => {
  it('backs up while the server runs, and restores into a new DATA_DIR and into a DATABASE_URL', async () => {
    const { dir: source, database: running } = await newEmbedded('embedded-source');
    const archive = path.join(tmp, 'backup-embedded.tar.gz');
    let before: Record<string, string>;
    try {
      await populate(running, createLocalStorage(source));
      before = await snapshot(running);
      await createBackup({ dataDir: source, archive });
      // The running server was only read: it still answers.
      expect(await snapshot(running)).toEqual(before);
    } finally {
      await running.close();
    }

    // An occupied DATA_DIR (the source itself) is refused.
    await expect(restoreBackup({ dataDir: source, archive })).rejects.toThrow(/não está vazio/);

    const target = path.join(tmp, 'embedded-target');
    fs.mkdirSync(target, { mode: 0o755 });
    await restoreBackup({ dataDir: target, archive });
    const restored = await openEmbedded(target);
    try {
      expect(await snapshot(restored)).toEqual(before);
      expect(before.orders).toContain('Manutenção');
    } finally {
      await restored.close();
    }
    expect(files(target)).toEqual(files(source));
    expect(files(target)).toHaveLength(2);

    // Moving to a PostgreSQL server: the same archive into an empty DATABASE_URL.
    const server = await newPostgres();
    await restoreBackup({ dataDir: path.join(tmp, 'embedded-to-server'), databaseUrl: server.url, archive });
    const moved = await openPostgres(server.url);
    try {
      expect(await snapshot(moved)).toEqual(before);
    } finally {
      await moved.close();
    }
  }, 240_000);

  it("restores an earlier version's archive of a PGlite instance", async () => {
    const old = new PGlite();
    await old.waitReady;
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const { migrationsFolder } = await import('../db/migrations-folder');
    const oldDb = drizzle(old);
    await migrate(oldDb, { migrationsFolder });
    await old.query(`insert into clients (codigo, razao, cnpj) values (7, 'Cliente do Backup Antigo', '11222333000181')`);
    const dump = await old.dumpDataDir('none');
    await old.close();
    const work = path.join(tmp, 'old-archive');
    fs.mkdirSync(path.join(work, 'files', 'pdfs'), { recursive: true });
    fs.writeFileSync(path.join(work, 'database.tar'), Buffer.from(await dump.arrayBuffer()));
    fs.writeFileSync(path.join(work, 'files', 'pdfs', 'os_00007.pdf'), '%PDF-1.4 antigo');
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify({ kind: 'pglite', createdAt: '2026-10-01T12:00:00Z' }));
    const archive = path.join(tmp, 'old.tar.gz');
    const { execFileSync } = await import('node:child_process');
    execFileSync('tar', ['-czf', archive, '-C', work, '.']);

    const target = path.join(tmp, 'old-target');
    fs.mkdirSync(target, { mode: 0o755 });
    await restoreBackup({ dataDir: target, archive });
    const restored = await openEmbedded(target);
    try {
      const rows = (await restored.db.execute(sql`select codigo, razao from clients`)) as unknown as { rows: unknown[] };
      expect(rows.rows).toEqual([{ codigo: 7, razao: 'Cliente do Backup Antigo' }]);
    } finally {
      await restored.close();
    }
    expect(fs.readFileSync(path.join(target, 'pdfs', 'os_00007.pdf'), 'utf8')).toBe('%PDF-1.4 antigo');
  }, 180_000);
});
