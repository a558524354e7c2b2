import { type Equipment, equipmentName } from '@os/shared';
import QRCode from 'qrcode';
import { type Doc, renderPdf } from '../../platform/pdf';

/*
 * The equipment's adhesive label (docs/rules.md#equipment, docs/api.md#equipment): 99,1 x 38,1 mm, the
 * label of the common 14-per-sheet A4 stock (2 columns x 7 rows, as Avery L7163 / Pimaco A4362). One label
 * is a PDF page of that size (a label printer); several go on A4 sheets laid out for that stock.
 */

const MM = 72 / 25.4;
export const LABEL = { width: 99.1 * MM, height: 38.1 * MM };
const SHEET = { columns: 2, rows: 7, top: 15.15 * MM, left: 4.65 * MM, pitchX: 101.6 * MM, pitchY: 38.1 * MM };
const A4: [number, number] = [595.28, 841.89];
const PAD = 2.5 * MM;

/** The address the QR code holds: the equipment's page (docs/screens.md#equipamentos-id). */
export function equipmentUrl(appUrl: string, id: number): string {
  return `${appUrl.replace(/\/+$/, '')}/equipamentos/${id}`;
}

/** A QR code drawn as vector squares (sharp at any printer resolution), `size` points wide, at x, y. */
function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2; // modules of white around it (the label's own margin adds to it)
  const cell = size / (n + 2 * quiet);
  doc.save().fillColor('black');
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!qr.modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && qr.modules.get(r, c)) c++;
      // A hair of overlap so that no white seam shows between squares at low resolution.
      doc.rect(x + (quiet + start) * cell, y + (quiet + r) * cell, (c - start) * cell + 0.05, cell + 0.05);
    }
  }
  doc.fill().restore();
}

/** One label with its top-left corner at x, y. */
function drawLabel(doc: Doc, e: Equipment, url: string, x: number, y: number) {
  const qrSize = LABEL.height - 2 * PAD + 2 * MM;
  drawQr(doc, url, x + PAD - 1 * MM, y + PAD - 1 * MM, qrSize);
  const tx = x + qrSize + PAD;
  const width = LABEL.width - qrSize - 2 * PAD;
  const line = (text: string, font: 'regular' | 'bold', size: number, lines = 1) => {
    doc.font(font).fontSize(size).fillColor('black');
    const height = doc.currentLineHeight(true) * lines;
    doc.text(text || '-', tx, doc.y, { width, height, ellipsis: true, lineGap: 0 });
  };
  doc.y = y + PAD;
  line(e.tipo, 'bold', 10);
  line([e.fabricante, e.modelo].filter(Boolean).join(' ') || equipmentName(e), 'regular', 8, 2);
  line(`Série: ${e.numeroSerie}`, 'bold', 8, 2);
  line(e.cliente, 'regular', 7, 2);
  doc.font('regular').fontSize(6).fillColor('#475569');
  doc.text(`Equipamento nº ${e.id}`, tx, y + LABEL.height - PAD - doc.currentLineHeight(true), {
    width,
    height: doc.currentLineHeight(true),
    lineBreak: false,
  });
  doc.fillColor('black');
}

/** GET /api/equipamentos/{id}/etiqueta: one label, on a page of the label's size. */
export function renderLabel(e: Equipment, appUrl: string): Promise<Buffer> {
  return renderPdf(
    { title: `Etiqueta ${equipmentName(e)} ${e.numeroSerie}`, margin: 0, size: [LABEL.width, LABEL.height] },
    (doc) => drawLabel(doc, e, equipmentUrl(appUrl, e.id), 0, 0),
  );
}

export const LABELS_PER_SHEET = SHEET.columns * SHEET.rows;

/** Where the n-th label of a sheet (0-13) lies on the A4 page, in points from its top-left corner. */
export function sheetSlot(n: number) {
  return {
    x: SHEET.left + (n % SHEET.columns) * SHEET.pitchX,
    y: SHEET.top + Math.floor(n / SHEET.columns) * SHEET.pitchY,
    ...LABEL,
  };
}

/** GET /api/equipamentos/etiquetas?ids=: the labels in the order given, 14 to an A4 sheet. */
export function renderLabelSheets(list: Equipment[], appUrl: string): Promise<Buffer> {
  return renderPdf({ title: 'Etiquetas de equipamentos', margin: 0, size: A4 }, (doc) => {
    list.forEach((e, i) => {
      const n = i % LABELS_PER_SHEET;
      if (i > 0 && n === 0) doc.addPage({ size: A4, margin: 0 });
      const { x, y } = sheetSlot(n);
      drawLabel(doc, e, equipmentUrl(appUrl, e.id), x, y);
    });
  });
}
