// Node's arguments for the server process, shared by `npm start` (scripts/start.mjs) and the scripts that
// measure the real server (scripts/lib/local-server.ts), so the benchmarks run what `npm start` runs.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * On the embedded database (no DATABASE_URL) the young generation's semi-spaces are kept at 1 MB
 * (Node's default grows them to 16 MB): about 30-70 MB less resident memory, which the embedded mode's
 * budget needs (docs/decisions.md, embedded database memory).
 */
export function serverArgs(env = process.env) {
  return [
    ...(env.DATABASE_URL ? [] : ['--max-semi-space-size=1']),
    '--import',
    'tsx',
    path.join(root, 'apps/server/src/server.ts'),
  ];
}
