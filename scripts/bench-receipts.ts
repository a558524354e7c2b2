/**
 * Receipt reading benchmark (docs/rules.md#performance-budgets; run: npx tsx scripts/bench-receipts.ts [count], or
 * `npm run bench receipts`; the count also from BENCH_RECEIPTS, default 30): median and p95
 * seconds per 1920x1080 photo and per-field accuracy over the generated corpus, local OCR.
 * Targets on this machine: median < 1.5 s, accuracy >= 95% for each field. Printed, not asserted.
 */

import { readReceipt } from '../apps/server/src/modules/expenses/receipt-reader';
import { loadConfig } from '../apps/server/src/platform/config';
import { closeOcrWorker, getOcrWorker } from '../apps/server/src/platform/ocr';
import { buildCorpus } from '../apps/server/test/receipts/receipt-corpus';

const count = Number(process.argv[2] ?? process.env.BENCH_RECEIPTS ?? 30);
const TARGET_MEDIAN_S = 1.5;
const TARGET_ACCURACY = 0.95;

try {
  const corpus = await buildCorpus(count);
  const config = loadConfig({});
  await getOcrWorker(); // start-up is paid once per process, not per photo
  const seconds: number[] = [];
  const cpuSeconds: number[] = [];
  const hits = { data: 0, documento: 0, valor: 0 };
  const misses: string[] = [];
  for (const item of corpus) {
    const started = performance.now();
    const cpu = process.cpuUsage(); // the OCR worker thread is part of this process
    const got = await readReceipt(item.photo, config);
    seconds.push((performance.now() - started) / 1000);
    const used = process.cpuUsage(cpu);
    cpuSeconds.push((used.user + used.system) / 1e6);
    const ok = {
      data: got.data === item.expected.data,
      documento: got.codigo_ou_numero_do_documento === item.expected.documento,
      valor: got.valor === item.expected.valor,
    };
    for (const k of Object.keys(hits) as (keyof typeof hits)[]) if (ok[k]) hits[k]++;
    if (!ok.data || !ok.documento || !ok.valor) {
      misses.push(`  #${item.name} expected ${JSON.stringify(item.expected)} got ${JSON.stringify(got)}`);
    }
  }
  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  };
  const median = quantile(seconds, 0.5);
  const accuracy = Object.entries(hits).map(([field, n]) => [field, n / corpus.length] as const);
  console.log(
    `Receipt reading (local OCR), ${corpus.length} photos 1920x1080: median ${median.toFixed(2)} s, p95 ${quantile(seconds, 0.95).toFixed(2)} s per photo ` +
      `(CPU median ${quantile(cpuSeconds, 0.5).toFixed(2)} s; a gap means waiting for a busy machine)`,
  );
  console.log(`  target median under ${TARGET_MEDIAN_S} s: ${median < TARGET_MEDIAN_S ? 'met' : 'NOT met'}`);
  console.log(`Accuracy per field: ${accuracy.map(([field, v]) => `${field} ${(v * 100).toFixed(1)}%`).join(', ')}`);
  const worst = Math.min(...accuracy.map(([, v]) => v));
  console.log(`  target at least ${TARGET_ACCURACY * 100}% for each field: ${worst >= TARGET_ACCURACY ? 'met' : 'NOT met'}`);
  if (misses.length) console.log(`Misread (${misses.length}):\n${misses.join('\n')}`);
} finally {
  await closeOcrWorker();
}
