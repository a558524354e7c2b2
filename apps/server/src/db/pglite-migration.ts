import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { embeddedClusterDir, startCluster } from './embedded-postgres';
import { restoreDump } from './table-copy';

const run = promisify(execFile);

/** Where a DATA_DIR of the versions before the embedded PostgreSQL kept its database. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Writes a PGlite folder's rows to `file` (db/table-copy.ts) from a child process; answers its counts. */
export async function exportPglite(dir: string, file: string): Promise<string> {
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const script = path.join(import.meta.dirname, 'pglite-export.ts');
  const { stdout } = await run(process.execPath, ['--import', loader, script, dir, file], { maxBuffer: 1 << 20 });
  return stdout.trim();
}

/**
 * A DATA_DIR whose database is still in PGlite (DATA_DIR/pglite) and has no embedded PostgreSQL yet is copied
 * into a new one at the start (docs/decisions.md, embedded PostgreSQL): its rows are read by a child process,
 * loaded at the schema version they came from, and the old folder is kept, renamed, for whoever wants to check.
 * A copy that fails leaves no cluster behind, so the next start tries again from the untouched PGlite folder.
 * Answers whether it copied.
 */
export async function migratePgliteFolder(dataDir: string, log: (line: string) => void = console.warn): Promise<boolean> {
  const legacy = pgliteDir(dataDir);
  const clusterDir = embeddedClusterDir(dataDir);
  if (!fs.existsSync(path.join(legacy, 'PG_VERSION')) || fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) return false;

  log(`Banco PGlite encontrado em ${legacy}: copiando para o PostgreSQL embutido em ${clusterDir}…`);
  const file = path.join(dataDir, 'pglite-migration.rows');
  const cluster = await startCluster({ dir: clusterDir });
  try {
    const exported = await exportPglite(legacy, file);
    const { rows } = await restoreDump(cluster.url, file);
    await cluster.stop();
    const kept = `${legacy}-migrado-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
    fs.renameSync(legacy, kept);
    log(`Cópia concluída (${exported}; ${rows} linhas gravadas). A pasta antiga ficou em ${kept}.`);
    return true;
  } catch (err) {
    await cluster.stop().catch(() => undefined);
    fs.rmSync(clusterDir, { recursive: true, force: true });
    throw new Error(
      `A cópia do banco PGlite para o PostgreSQL embutido falhou (nada foi alterado em ${legacy}): ${(err as Error).message}`,
    );
  } finally {
    fs.rmSync(file, { force: true });
  }
}
