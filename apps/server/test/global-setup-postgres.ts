import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';
import { TEST_ADMIN_PASSWORD } from './constants';
import { databaseUrl } from './postgres-url';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh template database on the server at `base`, migrated and seeded once; each test file copies it
 * (test/helper.ts). Answers the teardown.
 */
export async function prepareTemplate(project: TestProject, base: string, kind: 'embedded' | 'postgres') {
  const template = `os_tmpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // Leftovers of runs killed before their teardown: databases of a template whose process is gone.
  // (Runs of other people going on at the same time keep theirs.)
  const stale = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'os\\_tmpl\\_%'`);
  for (const { datname } of stale.rows) {
    const pid = Number(datname.split('_')[2]);
    if (pid && processAlive(pid)) continue;
    await admin.query(`drop database if exists "${datname}" with (force)`);
  }
  await admin.query(`create database "${template}"`);
  const database = await openPostgres(databaseUrl(base, template));
  await seedDatabase(database.db, { adminPassword: TEST_ADMIN_PASSWORD });
  await database.close();
  project.provide('dbKind', kind);
  project.provide('dbServer', base);
  project.provide('dbTemplate', template);
  return async () => {
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
  };
}

/** The API suite on the PostgreSQL server of TEST_DATABASE_URL. */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  return prepareTemplate(project, base, 'postgres');
}
