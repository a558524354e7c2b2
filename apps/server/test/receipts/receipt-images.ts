/**
 * Receipt photos made by the tests themselves (no photo from elsewhere is committed):
 * receipt text drawn as large monospace text in an SVG, rendered to PNG by sharp, optionally
 * with a real QR code (the `qrcode` package) and a slight rotation. Test-only.
 */
import { accessKeyCheckDigit } from '@os/shared';
import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function renderReceipt(
  lines: string[],
  {
    qr,
    rotate = 0,
    font = 'DejaVu Sans Mono',
    width = 1080,
    ink = '#111',
  }: { qr?: string; rotate?: number; font?: string; width?: number; ink?: string } = {},
): Promise<Buffer> {
  const size = 34;
  const lineHeight = 50;
  const top = 70;
  const textHeight = top + lines.length * lineHeight;
  const qrSize = qr ? 420 : 0;
  const height = textHeight + (qr ? qrSize + 60 : 40);
  const text = lines
    .map(
      (l, i) =>
        `<text x="50" y="${top + i * lineHeight}" font-family="${font}" font-size="${size}" fill="${ink}">${escapeXml(l)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fbfaf5"/>${text}</svg>`;
  const composite: OverlayOptions[] = [];
  if (qr) {
    const png = await QRCode.toBuffer(qr, { errorCorrectionLevel: 'M', width: qrSize, margin: 2 });
    composite.push({ input: png, left: Math.round((width - qrSize) / 2), top: textHeight + 20 });
  }
  let image = sharp(Buffer.from(svg)).composite(composite);
  if (rotate) image = sharp(await image.png().toBuffer()).rotate(rotate, { background: '#fbfaf5' });
  return image.jpeg({ quality: 88 }).toBuffer();
}

/** A valid NFC-e access key: SP, AAMM, the issuer CNPJ, model 65, série 1, the number nNF. */
export function makeAccessKey(cnpj: string, numero: number, aamm = '2611'): string {
  const body = `35${aamm}${cnpj}65001${String(numero).padStart(9, '0')}112345678`;
  return body + String(accessKeyCheckDigit(body));
}
