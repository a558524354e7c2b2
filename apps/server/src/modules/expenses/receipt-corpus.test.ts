import { describe, expect, inject, it } from 'vitest';
import { buildCorpus } from '../../../test/receipts/receipt-corpus';
import { loadConfig } from '../../platform/config';
import { closeOcrWorker } from '../../platform/ocr';
import { readReceipt } from './receipt-reader';

// docs/rules.md#performance-budgets: the corpus accuracy is a test that must pass. It reads 30 photos with the real OCR, so it
// runs once per `npm test` (in the embedded database's project; the database plays no part in it); RECEIPT_CORPUS=0
// skips it for a quick local run. `npm run bench` prints the timings.
describe.runIf(process.env.RECEIPT_CORPUS !== '0' && inject('dbKind') === 'embedded')(
  'receipt corpus (30 generated photos)',
  () => {
    it('reads each field right on at least 90% of the photos', async () => {
      const corpus = await buildCorpus(30);
      const config = loadConfig({});
      const hits = { data: 0, documento: 0, valor: 0 };
      for (const item of corpus) {
        const got = await readReceipt(item.photo, config);
        if (got.data === item.expected.data) hits.data++;
        if (got.codigo_ou_numero_do_documento === item.expected.documento) hits.documento++;
        if (got.valor === item.expected.valor) hits.valor++;
      }
      await closeOcrWorker();
      const accuracy = Object.fromEntries(Object.entries(hits).map(([k, v]) => [k, v / corpus.length]));
      console.log('receipt corpus accuracy', accuracy);
      for (const value of Object.values(accuracy)) expect(value).toBeGreaterThanOrEqual(0.9);
    }, 1_200_000);
  },
);
