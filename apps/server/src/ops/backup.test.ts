import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { databaseUrl } from '../../test/postgres-url';
import { startS3 } from '../../test/s3';
import { type Database, openPglite, openPostgres } from '../db/client';
import { clients, orders, users } from '../db/schema';
import { seedDatabase } from '../db/seed';
import { AREAS, createLocalStorage, createS3Storage, type Storage } from '../platform/storage';
import { createBackup, restoreBackup } from './backup';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'os-backup-test-'));
const created: string[] = [];
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  if (created.length) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
});

async function newPostgres(): Promise<{ url: string }> {
  // Named after the run's template, so a later run can tell whose it is.
  const name = `${inject('dbTemplate')}_t${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  created.push(name);
  return { url: databaseUrl(process.env.TEST_DATABASE_URL!, name) };
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
    .filter((e) => e.isFile() && !e.parentPath.includes('pglite'))
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

it('round-trips the S3 bucket: every object of the source bucket is in the restored one', async () => {
  const s3 = await startS3('origem');
  const s3b = await startS3('destino');
  const source = createS3Storage(s3.settings);
  const target = createS3Storage(s3b.settings);
  try {
    const dir = path.join(tmp, 's3-source');
    const postgres = inject('dbKind') === 'postgres';
    const from = postgres ? await newPostgres() : undefined;
    const db1 = postgres
      ? await openPostgres(from!.url)
      : await openPglite({
          dataDir: path.join(dir, 'pglite'),
          loadDataDir: new Blob([fs.readFileSync(inject('dbTemplate'))]),
          migrate: false,
        });
    await db1.close();
    await source.put('uploads', randomBytes(5000), 'imagem_20261102101010_abcd1234.jpg');
    await source.put('pdfs', Buffer.from('%PDF-1.4 teste'), 'os_00001.pdf');
    const archive = path.join(tmp, 'backup-s3.tar.gz');
    await createBackup({ dataDir: dir, databaseUrl: from?.url, archive, storage: source });
    // Nothing of the files on the local disk: they live in the bucket.
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual(postgres ? [] : ['pglite']);
    const to = path.join(tmp, 's3-target');
    const toDb = postgres ? await newPostgres() : undefined;
    await restoreBackup({ dataDir: to, databaseUrl: toDb?.url, archive, storage: target });
    expect(await stored(target)).toEqual(await stored(source));
    expect(await stored(target)).toHaveLength(2);
    // A bucket that already holds files is refused.
    const again = postgres ? await newPostgres() : undefined;
    await expect(
      restoreBackup({ dataDir: path.join(tmp, 's3-again'), databaseUrl: again?.url, archive, storage: target }),
    ).rejects.toThrow(/não está vazio/);
  } finally {
    source.close?.();
    target.close?.();
    await s3.stop();
    await s3b.stop();
  }
}, 180_000);

it('round-trips a populated instance: every table and every file', async () => {
  const source = path.join(tmp, 'source');
  const target = path.join(tmp, 'target');
  const archive = path.join(tmp, 'backup.tar.gz');
  const postgres = inject('dbKind') === 'postgres';

  const from = postgres ? await newPostgres() : undefined;
  // PGlite starts from the run's migrated template: migrating on disk from scratch is slow.
  const db1 = postgres
    ? await openPostgres(from!.url)
    : await openPglite({
        dataDir: path.join(source, 'pglite'),
        loadDataDir: new Blob([fs.readFileSync(inject('dbTemplate'))]),
        migrate: false,
      });
  await populate(db1, createLocalStorage(source));
  const before = await snapshot(db1);
  await db1.close();

  await createBackup({ dataDir: source, databaseUrl: from?.url, archive });
  expect(fs.statSync(archive).size).toBeGreaterThan(1000);

  const to = postgres ? await newPostgres() : undefined;
  await restoreBackup({ dataDir: target, databaseUrl: to?.url, archive });
  const db2 = postgres
    ? await openPostgres(to!.url, { migrate: false })
    : await openPglite({ dataDir: path.join(target, 'pglite'), migrate: false });
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
  if (inject('dbKind') === 'postgres') {
    // A database that already has tables: refused, and its data untouched.
    const used = await newPostgres();
    const db = await openPostgres(used.url);
    await db.close();
    const fresh = path.join(tmp, 'fresh-pg');
    await expect(restoreBackup({ dataDir: fresh, databaseUrl: used.url, archive })).rejects.toThrow(/não está vazio/);
    expect(fs.existsSync(path.join(fresh, 'uploads'))).toBe(false);
    // An empty database but a DATA_DIR with files: refused before pg_restore runs.
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
    return;
  }
  await expect(restoreBackup({ dataDir: path.join(tmp, 'target'), archive })).rejects.toThrow(/não está vazio/);
  // Files already in DATA_DIR: refused before the embedded database is written.
  const busy = path.join(tmp, 'busy');
  fs.mkdirSync(path.join(busy, 'pdfs'), { recursive: true });
  fs.writeFileSync(path.join(busy, 'pdfs', 'x.pdf'), 'x');
  await expect(restoreBackup({ dataDir: busy, archive })).rejects.toThrow(/não está vazio/);
  expect(fs.existsSync(path.join(busy, 'pglite'))).toBe(false);
});
