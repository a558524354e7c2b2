import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from './migrations-folder';

/**
 * A copy of the database's rows that any PostgreSQL (the embedded one, a server, PGlite) writes and reads
 * with plain SQL, so no pg_dump is needed (docs/decisions.md, embedded PostgreSQL). The file has one line a
 * chunk: `<table>\t<JSON array of rows>`, after a first line `#migrations\t<JSON>` naming the schema's version
 * (the migrations applied). Rows travel as PostgreSQL's own JSON text, never parsed here, so numbers and
 * timestamps come back exactly.
 */

/** What both node-postgres (Pool, Client) and PGlite answer to. */
export interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

const CHUNK_ROWS = 500;
const MIGRATIONS_LINE = '#migrations';

interface AppliedMigration {
  hash: string;
  created_at: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Writes every table of the `public` schema to `file`; run it inside one snapshot for a consistent copy. */
export async function dumpTables(client: Queryable, file: string): Promise<{ tables: number; rows: number }> {
  const fd = fs.openSync(file, 'w', 0o600);
  let rows = 0;
  try {
    const applied = await client.query<AppliedMigration>(
      'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at',
    );
    fs.writeSync(fd, `${MIGRATIONS_LINE}\t${JSON.stringify(applied.rows)}\n`);
    const tables = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    for (const { name } of tables.rows) {
      for (let offset = 0; ; offset += CHUNK_ROWS) {
        const chunk = await client.query<{ rows: string | null; n: number }>(
          `select json_agg(t)::jsonb::text as rows, count(*)::int as n from (select * from public.${quote(name)} order by ctid limit ${CHUNK_ROWS} offset ${offset}) t`,
        );
        const { rows: json, n } = chunk.rows[0] ?? { rows: null, n: 0 };
        if (!json || !n) break;
        fs.writeSync(fd, `${name}\t${json}\n`);
        rows += n;
        if (n < CHUNK_ROWS) break;
      }
    }
    return { tables: tables.rows.length, rows };
  } finally {
    fs.closeSync(fd);
  }
}

/** The migrations a dump was taken at, from its first line. */
export async function dumpMigrations(file: string): Promise<AppliedMigration[]> {
  for await (const line of readline.createInterface({ input: fs.createReadStream(file) })) {
    const [tag, json] = splitLine(line);
    if (tag !== MIGRATIONS_LINE) break;
    return JSON.parse(json) as AppliedMigration[];
  }
  throw new Error('O arquivo do banco não tem a versão do esquema (linha #migrations).');
}

function splitLine(line: string): [string, string] {
  const tab = line.indexOf('\t');
  return tab < 0 ? [line, ''] : [line.slice(0, tab), line.slice(tab + 1)];
}

/**
 * A migrations folder with only the migrations the dump was taken at, so the schema its rows are loaded into
 * is the one they came from; the server's start applies the newer ones after (in temporary folder, removed by `done`).
 */
export function migrationsUpTo(applied: AppliedMigration[]): { folder: string; done: () => void } {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const known = new Set(journal.entries.map((e) => String(e.when)));
  if (applied.some((m) => !known.has(String(m.created_at))))
    throw new Error('Este backup é de uma versão mais nova do sistema: atualize o sistema antes de restaurá-lo.');
  const wanted = new Set(applied.map((m) => String(m.created_at)));
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'os-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const entries = journal.entries.filter((e) => wanted.has(String(e.when)));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return { folder, done: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Loads a dump into a database whose schema is at the dump's migrations, in place of its rows, in one
 * transaction: triggers and foreign keys wait (session_replication_role), and every serial counter continues
 * after the highest id loaded.
 */
export async function loadTables(client: Queryable, file: string): Promise<{ rows: number }> {
  let rows = 0;
  await client.query('begin');
  try {
    await client.query('set local session_replication_role = replica');
    // What the migrations themselves inserted (counters, defaults) gives way to the dump's rows.
    const tables = await client.query<{ list: string | null }>(
      `select string_agg(format('public.%I', tablename), ', ') as list from pg_tables where schemaname = 'public'`,
    );
    if (tables.rows[0]?.list) await client.query(`truncate ${tables.rows[0].list}`);
    for await (const line of readline.createInterface({
      input: fs.createReadStream(file),
      crlfDelay: Number.POSITIVE_INFINITY,
    })) {
      const [table, json] = splitLine(line);
      if (!line || table === MIGRATIONS_LINE) continue;
      const result = await client.query<{ n: number }>(
        `with loaded as (insert into public.${quote(table)} select * from json_populate_recordset(null::public.${quote(table)}, $1::json) returning 1) select count(*)::int as n from loaded`,
        [json],
      );
      rows += result.rows[0]?.n ?? 0;
    }
    const serials = await client.query<{ tbl: string; col: string; seq: string }>(
      `select c.relname as tbl, a.attname as col, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as seq
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
          and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`,
    );
    for (const { tbl, col, seq } of serials.rows)
      await client.query(`select setval($1, coalesce((select max(${quote(col)}) from public.${quote(tbl)}), 0) + 1, false)`, [
        seq,
      ]);
    await client.query('commit');
    return { rows };
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
}

/** A consistent copy of the database at `url` (one read-only snapshot), taken while it serves requests. */
export async function dumpDatabase(url: string, file: string): Promise<{ tables: number; rows: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const counts = await dumpTables(client, file);
    await client.query('commit');
    return counts;
  } finally {
    await client.end();
  }
}

/** Builds the dump's schema version in the (empty) database at `url` and loads its rows. */
export async function restoreDump(url: string, file: string): Promise<{ rows: number }> {
  const migrations = migrationsUpTo(await dumpMigrations(file));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle(client) as never, { migrationsFolder: migrations.folder });
    return await loadTables(client, file);
  } finally {
    await client.end();
    migrations.done();
  }
}
