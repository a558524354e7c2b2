// `node --import tsx pglite-export.ts PGLITE_DIR FILE`: writes a PGlite folder's rows (db/table-copy.ts) to FILE.
// A process of its own, so PGlite's WebAssembly memory never stays in the server (db/pglite-migration.ts).
import { PGlite } from '@electric-sql/pglite';
import { dumpTables } from './table-copy';

const [dir, file] = process.argv.slice(2);
if (!dir || !file) throw new Error('uso: pglite-export.ts PASTA_PGLITE ARQUIVO');
const client = new PGlite({ dataDir: dir });
await client.waitReady;
await client.query('begin isolation level repeatable read read only');
const { tables, rows } = await dumpTables(client, file);
await client.query('commit');
await client.close();
console.log(JSON.stringify({ tables, rows }));
