/**
 * The charge on the closing PDF (docs/rules.md#pix): amount, due day, txid, the QR code and the 'Pix Copia e
 * Cola' text, printed in a fixed-width font so it can be read back and typed.
 */
import { formatCentavos, formatDate, PIX_MSG } from '@os/shared';
import QRCode from 'qrcode';
import type { pixCharges } from '../../db/schema';
import { CONTENT_WIDTH, type Doc, ensureSpace, fields, heading, MARGIN } from '../../platform/pdf';

export interface ChargePrint {
  payload: string;
  txid: string;
  valorCentavos: number;
  vencimento: string;
  qrPng: Buffer;
}

/** What the PDF prints of a charge, its QR code drawn as a PNG; null when there is none. */
export async function printableCharge(row: typeof pixCharges.$inferSelect | null): Promise<ChargePrint | null> {
  if (!row) return null;
  const qrPng = await QRCode.toBuffer(row.payload, { errorCorrectionLevel: 'M', margin: 2, width: 360 });
  return { payload: row.payload, txid: row.txid, valorCentavos: row.valorCentavos, vencimento: row.vencimento, qrPng };
}

const QR_SIZE = 130;

export function drawPixCharge(doc: Doc, charge: ChargePrint) {
  heading(doc, 'Pagamento por PIX');
  fields(doc, [
    ['Valor', formatCentavos(charge.valorCentavos)],
    ['Vencimento', formatDate(charge.vencimento)],
    ['Identificador (txid)', charge.txid],
  ]);
  ensureSpace(doc, QR_SIZE + 70);
  const y = doc.y + 4;
  doc.image(charge.qrPng, MARGIN, y, { width: QR_SIZE, height: QR_SIZE });
  const textX = MARGIN + QR_SIZE + 12;
  const textWidth = CONTENT_WIDTH - QR_SIZE - 12;
  doc.font('bold').fontSize(9).text(`${PIX_MSG.copyAndPaste}:`, textX, y, { width: textWidth });
  doc
    .font('mono')
    .fontSize(8)
    .text(charge.payload, textX, doc.y + 2, { width: textWidth, lineBreak: true });
  doc.font('regular').fontSize(8).fillColor('#334155');
  doc.text('Abra o app do seu banco, escolha Pix > Ler QR code ou Pix Copia e Cola, e confira o valor.', textX, doc.y + 4, {
    width: textWidth,
  });
  doc.fillColor('black').fontSize(9);
  doc.y = Math.max(doc.y, y + QR_SIZE) + 4;
  doc.x = MARGIN;
}
