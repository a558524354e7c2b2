import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { TEST_ADMIN_PASSWORD } from './constants';

/** Migrates and seeds one PGlite once; every test file starts from its dump (docs/architecture.md#measurements). */
export default async function setup(project: TestProject) {
  const database = await openPglite();
  await seedDatabase(database.db, { adminPassword: TEST_ADMIN_PASSWORD });
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'os-pglite-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbKind', 'pglite');
  project.provide('dbTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
