// `npm run bench`: runs every scripts/bench-*.ts in turn, prints their figures and writes
// them all to bench-report.md. Figures are printed, never asserted (tests don't time things).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv[2];
const scripts = fs
  .readdirSync(path.join(root, 'scripts'))
  .filter((f) => /^bench-.+\.ts$/.test(f) && (!only || f.includes(only)))
  .sort();

const sections: string[] = [
  `# Benchmark report\n\n${new Date().toISOString()} · Node ${process.version} · ${process.platform}\n`,
];
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('scripts', script)], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  process.stdout.write(run.stdout ?? '');
  sections.push(
    `## ${script}\n\n${run.status === 0 ? '' : `(exited with ${run.status})\n\n`}\`\`\`\n${(run.stdout ?? '').trim()}\n\`\`\`\n`,
  );
}
if (scripts.length === 0) console.log('No benchmark scripts found (scripts/bench-*.ts).');
fs.writeFileSync(path.join(root, 'bench-report.md'), sections.join('\n'));
console.log('\nRelatório: bench-report.md');
