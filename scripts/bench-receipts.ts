/**
 * Receipt reading benchmark (docs/rules.md#performance-budgets; run: npx tsx scripts/bench-receipts.ts [count], or
 * `npm run bench receipts`; the count also from BENCH_RECEIPTS, default 40; BENCH_RECEIPTS_SEED makes other photos):
 * median and p95 seconds per photo and per-field accuracy over the generated corpora, local OCR.
 * Targets on this machine: median <= 1 s, accuracy >= 95% for each field. Printed, not asserted.
 */

import { readReceipt } from '../apps/server/src/modules/expenses/receipt-reader';
import { loadConfig } from '../apps/server/src/platform/config';
import { closeOcrWorker, getOcrWorker } from '../apps/server/src/platform/ocr';
import { buildFieldCorpus } from '../apps/server/test/receipts/field-corpus';
import { buildCorpus, type CorpusItem } from '../apps/server/test/receipts/receipt-corpus';

const count = Number(process.argv[2] ?? process.env.BENCH_RECEIPTS ?? 40);
const only = process.env.BENCH_RECEIPTS_SET; // 'campo' or 'limpas'; both by default
const TARGET_MEDIAN_S = 1;
const seed = process.env.BENCH_RECEIPTS_SEED ? Number(process.env.BENCH_RECEIPTS_SEED) : undefined;
const TARGET_ACCURACY = 0.95;

async function measure(title: string, corpus: CorpusItem[]): Promise<void> {
  const config = loadConfig({});
  const seconds: number[] = [];
  const cpuSeconds: number[] = [];
  const hits = { data: 0, documento: 0, valor: 0 };
  // Of the wrong or empty fields: marked 'Confira este valor' (the technician looks), left empty, or silent.
  const wrong = {
    data: { marked: 0, empty: 0, silent: 0 },
    documento: { marked: 0, empty: 0, silent: 0 },
    valor: { marked: 0, empty: 0, silent: 0 },
  };
  let rightButMarked = 0;
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
    const key = { data: 'data', documento: 'codigo_ou_numero_do_documento', valor: 'valor' } as const;
    const value = { data: got.data, documento: got.codigo_ou_numero_do_documento, valor: got.valor };
    for (const k of Object.keys(hits) as (keyof typeof hits)[]) {
      const marked = got.confianca[key[k]] === 'confira';
      if (ok[k]) {
        hits[k]++;
        if (marked) rightButMarked++;
      } else if (!value[k]) wrong[k].empty++;
      else if (marked) wrong[k].marked++;
      else wrong[k].silent++;
    }
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
    `Receipt reading (local OCR), ${title}, ${corpus.length} photos: median ${median.toFixed(2)} s, p95 ${quantile(seconds, 0.95).toFixed(2)} s per photo ` +
      `(CPU median ${quantile(cpuSeconds, 0.5).toFixed(2)} s; a gap means waiting for a busy machine)`,
  );
  console.log(`  target median at most ${TARGET_MEDIAN_S} s: ${median <= TARGET_MEDIAN_S ? 'met' : 'NOT met'}`);
  console.log(`Accuracy per field: ${accuracy.map(([field, v]) => `${field} ${(v * 100).toFixed(1)}%`).join(', ')}`);
  console.log(
    `Not right: ${Object.entries(wrong)
      .map(
        ([field, w]) =>
          `${field} ${w.marked} marked 'Confira este valor', ${w.empty} left empty, ${w.silent} wrong without a mark`,
      )
      .join('; ')}; right but marked: ${rightButMarked}`,
  );
  const worst = Math.min(...accuracy.map(([, v]) => v));
  console.log(`  target at least ${TARGET_ACCURACY * 100}% for each field: ${worst >= TARGET_ACCURACY ? 'met' : 'NOT met'}`);
  if (misses.length) console.log(`Misread (${misses.length}):\n${misses.join('\n')}`);
}

try {
  await getOcrWorker(); // start-up is paid once per process, not per photo
  if (only !== 'limpas')
    await measure(
      'field photos (faded, shadowed, tilted up to 15°, 8-12 MP reduced to 1920 px)',
      await buildFieldCorpus(count, seed),
    );
  if (only !== 'campo') await measure('clean photos 1920x1080 (tilted up to 3°)', await buildCorpus(count, seed));
} finally {
  await closeOcrWorker();
}
