import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openPglite } from './client';

// The embedded database's own folder (DATA_DIR/pglite): only the embedded project runs it. Each test
// creates a folder on disk (initdb), slow on a loaded machine: hence the longer limits.
describe.skipIf(inject('dbKind') !== 'pglite')('the embedded database folder (docs/decisions.md)', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'os-pglite-dir-'));
    dirs.push(dir);
    return path.join(dir, 'pglite');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('opens a folder made by the previous version (PGlite defaults, 128 MB of buffers) with its data', async () => {
    const dir = tempDir();
    // As the previous version made it: PGlite with its own settings (the migrations are the same code
    // on both versions; a table of its own keeps this test short), a row written.
    const before = new PGlite({ dataDir: dir });
    await before.waitReady;
    await before.exec(`create table kept (razao text); insert into kept values ('Cliente de Antes Ltda')`);
    await before.close();

    const database = await openPglite({ dataDir: dir, migrate: false });
    try {
      const rows = await database.db.execute(sql`select razao from kept`);
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ razao: 'Cliente de Antes Ltda' }]);
      const buffers = await database.db.execute(sql`show shared_buffers`);
      expect((buffers as unknown as { rows: unknown[] }).rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('creates a new folder, and what is written there is there after a restart', async () => {
    const dir = tempDir();
    const first = await openPglite({ dataDir: dir, migrate: false });
    await first.db.execute(sql`create table kept (razao text)`);
    await first.db.execute(sql`insert into kept values ('Cliente Novo Ltda')`);
    await first.close();
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);

    const second = await openPglite({ dataDir: dir, migrate: false });
    try {
      const rows = await second.db.execute(sql`select razao from kept`);
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ razao: 'Cliente Novo Ltda' }]);
    } finally {
      await second.close();
    }
  }, 120_000);
});
