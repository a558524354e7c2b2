import { type Order, orderExportTable, toCsv } from '@os/shared';
import { saveBlob } from '../../../lib/save-blob';

function fileBase() {
  return `relatorio-os-${new Date().toISOString().slice(0, 10)}`;
}

/** The filtered rows as CSV (the same columns as the XLSX). */
export function exportOrdersCsv(rows: Order[]) {
  saveBlob(new Blob([toCsv(orderExportTable(rows))], { type: 'text/csv;charset=utf-8' }), `${fileBase()}.csv`);
}

/** The filtered rows as XLSX; the writer is loaded only when someone exports. */
export async function exportOrdersXlsx(rows: Order[]) {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const [header = [], ...body] = orderExportTable(rows);
  const sheet = [
    header.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...body.map((row) => row.map((value) => ({ value }))),
  ];
  const blob = await writeXlsxFile(sheet, {
    sheet: 'Relatorio OS',
    stickyRowsCount: 1,
    columns: header.map((h) => ({ width: h === 'Cliente' || h === 'Motivo' ? 40 : h === 'Número' ? 10 : 18 })),
  }).toBlob();
  saveBlob(blob, `${fileBase()}.xlsx`);
}
