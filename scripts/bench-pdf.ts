/**
 * PDF benchmark (docs/rules.md#performance-budgets; run: npx tsx scripts/bench-pdf.ts [iterations] [closingOrders]):
 * a full order PDF with 20 rows per section and 10 photos of 1920x1080 (median ms, peak memory),
 * and a closing of 100 orders (seconds). Targets on this machine: under 500 ms and under 3 s.
 * Also the size of a full order PDF with 20 photos (docs/rules.md#beyond-the-old-product: under 10 MB). The photos are
 * phone-like (realisticPhoto(): textured, about 650 KB each), not single-colour few-KB ones.
 * Runs on an in-memory PGlite and a temporary data folder; nothing else is touched.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDatabase } from '../apps/server/src/db/seed';
import { closeOrders } from '../apps/server/src/modules/closing/closing.service';
import { renderOrderPdf } from '../apps/server/src/modules/documents/order-pdf.service';
import { createLocalStorage } from '../apps/server/src/platform/storage';
import { createClient } from '../apps/server/test/factories/clients';
import { realisticPhoto } from '../apps/server/test/factories/images';
import { createOrderFixture, PDF_CLIENT } from '../apps/server/test/factories/orders';
import { openPglite } from '../apps/server/test/pglite';

const iterations = Number(process.argv[2] ?? 15);
const closingCount = Number(process.argv[3] ?? 100);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pdf-'));
const database = await openPglite();
const storage = createLocalStorage(dataDir);
const user = { id: 1, username: 'admin', role: 'admin', nome_completo: 'Administrador', email: 'admin@localhost' } as never;
let peakRss = 0;
const sample = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);

try {
  await seedDatabase(database.db, { adminPassword: 'bench-only-password' });
  const rows = 20;
  const day = (i: number) => `2026-10-${String((i % 28) + 1).padStart(2, '0')}`;
  const { order } = await createOrderFixture(database.db, storage, {
    services: Array.from({ length: rows }, (_, i) => ({
      dataservico: day(i),
      entrada: '07:00',
      saida: '20:00',
      intervaloMin: 60,
    })),
    tripRows: rows,
    descriptions: Array.from(
      { length: rows },
      (_, i) => `Descrição ${i + 1}: inspeção, ajuste e teste de funcionamento do equipamento após a manutenção.`,
    ),
    expenses: Array.from({ length: rows }, (_, i) => ({
      tipo: ['Alimentação', 'Combustível', 'Hospedagem', 'Outros'][i % 4]!,
      valorCentavos: 1234 + i * 101,
    })),
    photos: 10,
    photoSize: [1920, 1080],
    realisticPhotos: true,
  });

  const baselineRss = process.memoryUsage().rss;
  peakRss = baselineRss;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let size = 0;
  for (let i = 0; i < iterations + 1; i++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const { pdf } = await renderOrderPdf({ db: database.db, storage }, order.id, 'pdfcompleto', user);
    const ms = performance.now() - start;
    const used = process.cpuUsage(cpu);
    // The first run warms the font and JIT up.
    if (i > 0) {
      times.push(ms);
      cpuTimes.push((used.user + used.system) / 1000);
    }
    size = pdf.length;
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const wall = median(times);
  console.log(
    `Full order PDF (20 rows per section, 10 photos 1920x1080), ${iterations} runs: median ${wall.toFixed(0)} ms ` +
      `(CPU ${median(cpuTimes).toFixed(0)} ms; a gap means waiting for a busy machine), size ${(size / 1024 / 1024).toFixed(2)} MB, ` +
      `peak RSS while rendering ${(peakRss / 1024 / 1024).toFixed(0)} MB (process with its in-memory database before: ${(baselineRss / 1024 / 1024).toFixed(0)} MB)`,
  );
  console.log(`  target under 500 ms: ${wall < 500 ? 'met' : 'NOT met'}`);

  // docs/rules.md#beyond-the-old-product: 20 photos (10 descriptions, 10 receipts) and the PDF still fits an e-mail.
  const { order: twenty } = await createOrderFixture(database.db, storage, {
    descriptions: Array.from({ length: 10 }, (_, i) => `Descrição ${i + 1}: foto do equipamento durante a manutenção.`),
    expenses: Array.from({ length: 10 }, (_, i) => ({ tipo: 'Alimentação', valorCentavos: 2500 + i })),
    photoSize: [1920, 1080],
    realisticPhotos: true,
  });
  const photoKb = (await realisticPhoto(1)).length / 1024;
  const { pdf: twentyPdf } = await renderOrderPdf({ db: database.db, storage }, twenty.id, 'pdfcompleto', user);
  const twentyMb = twentyPdf.length / 1024 / 1024;
  console.log(
    `Full order PDF with 20 photos 1920x1080 (about ${photoKb.toFixed(0)} KB each as stored, ${((20 * photoKb) / 1024).toFixed(1)} MB together): ${twentyMb.toFixed(2)} MB`,
  );
  console.log(`  target under 10 MB: ${twentyMb < 10 ? 'met' : 'NOT met'}`);

  const client = await createClient(database.db, { ...PDF_CLIENT, razao: 'Cliente do Benchmark', percentual: '1.35' });
  const ids: number[] = [];
  for (let i = 0; i < closingCount; i++) {
    const made = await createOrderFixture(database.db, storage, { clientId: client.id, photos: false, signature: false });
    ids.push(made.order.id);
  }
  const start = performance.now();
  const closing = await closeOrders({ db: database.db, storage }, ids, user);
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `Closing of ${closingCount} orders (figures, status, audit, PDF): ${seconds.toFixed(2)} s, total ${closing.valorTotal.toFixed(2)}`,
  );
  console.log(`  target under 3 s: ${seconds < 3 ? 'met' : 'NOT met'}`);
} finally {
  clearInterval(sample);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
