import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../test/pglite';
import { type Database, openEmbedded } from './client';
import { seedDemoData } from './demo-data';
import { migrationsFolder } from './migrations-folder';
import { clients } from './schema';
import { seedDatabase } from './seed';
import { migrationsUpTo } from './table-copy';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as Rows<T>).rows;

/** Every public table with its row count, and the migrations applied. */
async function census(database: Database) {
  const tables = await rowsOf<{ name: string }>(
    database,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = (await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from ${sql.identifier(name)}`))[0]!.n;
  const migrations = (await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]!
    .n;
  return { counts, migrations };
}

const journalLength = () =>
  (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries
    .length;

// A DATA_DIR of the versions that kept the database in PGlite opens in the embedded PostgreSQL with its data
// (docs/decisions.md, embedded PostgreSQL). Only the embedded project runs it: it starts clusters of its own.
describe.skipIf(inject('dbKind') !== 'embedded')('moving a PGlite DATA_DIR into the embedded PostgreSQL', () => {
  const dirs: string[] = [];
  const open: Database[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'os-pglite-move-'));
    fs.chmodSync(dir, 0o755); // the embedded server may run as another user (root's case)
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const database of open.splice(0)) await database.close();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every row, keeps the counters going and sets the old folder aside', async () => {
    const dir = dataDir();
    const before = await openPglite({ dataDir: path.join(dir, 'pglite') });
    await seedDatabase(before.db, { adminPassword: 'senha-de-antes-2026', dataDir: dir });
    await seedDemoData(before.db);
    const [client] = await before.db
      .insert(clients)
      .values({ codigo: 9001, razao: 'Cliente de Antes Ltda', cnpj: '11222333000181', obs: 'linha 1\nlinha 2 "aspas" \\ barra' })
      .returning();
    const expected = await census(before);
    await before.close();

    const after = await openEmbedded(dir);
    open.push(after);
    expect(after.kind).toBe('embedded');
    expect(await census(after)).toEqual(expected);
    const [kept] = await after.db.select().from(clients).where(sql`${clients.id} = ${client!.id}`);
    expect(kept).toEqual(client);
    const [next] = await after.db
      .insert(clients)
      .values({ codigo: 9002, razao: 'Cliente Novo Ltda', cnpj: '11444777000161' })
      .returning();
    expect(next!.id).toBe(client!.id + 1);

    const entries = fs.readdirSync(dir);
    expect(entries).not.toContain('pglite');
    expect(entries.filter((e) => e.startsWith('pglite-migrado-'))).toHaveLength(1);
    expect(entries).toContain('postgres');
  }, 180_000);

  it('brings a folder made at an older schema version up to the current one', async () => {
    const dir = dataDir();
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    const older = migrationsUpTo(journal.entries.slice(0, 3).map((e) => ({ hash: '', created_at: String(e.when) })));
    const before = await openPglite({ dataDir: path.join(dir, 'pglite'), migrate: false });
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(before.db as never, { migrationsFolder: older.folder });
    older.done();
    await before.db.execute(
      sql`insert into clients (codigo, razao, cnpj) values (9003, 'Cliente da Versão Antiga', '11222333000181')`,
    );
    expect((await census(before)).migrations).toBe(3);
    await before.close();

    const after = await openEmbedded(dir);
    open.push(after);
    expect((await census(after)).migrations).toBe(journalLength());
    const names = await rowsOf<{ razao: string }>(after, sql`select razao from clients`);
    expect(names).toEqual([{ razao: 'Cliente da Versão Antiga' }]);
  }, 180_000);

  it('a copy that fails changes nothing: the PGlite folder stays and no cluster is left', async () => {
    const dir = dataDir();
    const before = await openPglite({ dataDir: path.join(dir, 'pglite') });
    // A table the product never had: its rows have nowhere to go.
    await before.db.execute(sql`create table public.alheia (x int)`);
    await before.db.execute(sql`insert into public.alheia values (1)`);
    await before.close();

    await expect(openEmbedded(dir)).rejects.toThrow(/A cópia do banco PGlite para o PostgreSQL embutido falhou/);
    expect(fs.existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'postgres'))).toBe(false);
  }, 180_000);
});
