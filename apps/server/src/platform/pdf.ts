import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatDateTime } from '@os/shared';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

/*
 * The one PDF module (docs/architecture.md#chosen-parts): every generated document (the order sheet and full
 * record, the closing, the prompt screen's text PDF) is made by renderPdf() with DejaVu Sans
 * embedded from the dejavu-fonts-ttf package, so every Portuguese accent renders (the 14
 * standard PDF fonts are WinAnsi only and carry no font file). The layout pieces below it
 * (headings, label/value pairs, tables, photos) are those of the order and closing documents.
 */

const require = createRequire(import.meta.url);
export const PDF_FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  italic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf'),
  mono: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'),
} as const;
export type PdfFont = keyof typeof PDF_FONTS;
// Read once per process: every document embeds a subset of these bytes.
const FONT_BYTES = Object.fromEntries(Object.entries(PDF_FONTS).map(([name, file]) => [name, readFileSync(file)])) as Record<
  PdfFont,
  Buffer
>;

export type Doc = PDFKit.PDFDocument;
/** The margin of the order and closing documents; the layout pieces below assume it. */
export const MARGIN = 40;
/** Room kept at the foot of every page for the footer lines. */
const FOOTER_HEIGHT = 30;
const A4 = { width: 595.28, height: 841.89 };
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = A4.height - MARGIN - FOOTER_HEIGHT;

/** A verification code from the document's content: 16 hex digits of its SHA-256, in groups of 4. */
export function verificationCode(content: unknown): string {
  const hex = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16).toUpperCase();
  return hex.match(/.{4}/g)!.join('-');
}

export interface FooterInfo {
  generatedAt: Date;
  generatedBy: string;
  code: string;
}

export interface PdfOptions {
  /** Document title (the PDF's metadata; the viewer's window title). */
  title: string;
  /** Page margin in points (default MARGIN, which the layout pieces assume). */
  margin?: number;
  /** Font size the drawing starts with (default 9). */
  fontSize?: number;
  /**
   * The foot of every page: 'Página N de M' centred, or the generation date and user and the
   * verification code on the left with 'Página N de M' on the right. None when absent.
   */
  footer?: 'pageNumbers' | FooterInfo;
  /** Page size in points, [width, height] (default A4; the layout pieces below assume A4). */
  size?: [number, number];
}

/**
 * Builds a PDF in memory (A4 unless `size` says otherwise): `draw` writes the content (fonts 'regular', 'bold', 'italic' and 'mono'
 * registered, 'regular' current), then every page gets its footer. Answers the bytes.
 */
export async function renderPdf(options: PdfOptions, draw: (doc: Doc) => void | Promise<void>): Promise<Buffer> {
  const margin = options.margin ?? MARGIN;
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    bufferPages: true, // needed to write 'Página N de M' once the page count is known
    info: { Title: options.title, Author: 'Sistema de Ordens de Serviço' },
    lang: 'pt-BR',
    displayTitle: true,
  });
  for (const [name, bytes] of Object.entries(FONT_BYTES)) doc.registerFont(name, bytes);
  doc.font('regular').fontSize(options.fontSize ?? 9);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  await draw(doc);
  const { footer } = options;
  const range = doc.bufferedPageRange();
  for (let i = range.start; footer && i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would make pdfkit open a new page: lift the margin meanwhile.
    const { margins } = doc.page;
    const bottom = margins.bottom;
    margins.bottom = 0;
    const label = pageLabel(i - range.start + 1, range.count);
    const width = doc.page.width - margins.left - margins.right;
    if (footer === 'pageNumbers') {
      doc
        .font('regular')
        .fontSize(8)
        .fillColor('#555555')
        .text(label, margins.left, doc.page.height - bottom / 2 - 4, { width, align: 'center', lineBreak: false });
    } else {
      const y = doc.page.height - bottom - 14;
      const stamp = `Gerado em ${formatDateTime(footer.generatedAt)} por ${footer.generatedBy} · Código de verificação: ${footer.code}`;
      doc.font('regular').fontSize(7).fillColor('#555555');
      doc.text(stamp, margins.left, y, { width: width - 80, lineBreak: false });
      doc.text(label, margins.left, y, { width, align: 'right', lineBreak: false });
    }
    margins.bottom = bottom;
  }
  doc.fillColor('black');
  doc.end();
  return done;
}

export function pageLabel(page: number, total: number): string {
  return `Página ${page} de ${total}`;
}

/** Starts a new page when fewer than `height` points are left. */
export function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > BOTTOM) doc.addPage();
}

export function heading(doc: Doc, text: string, size = 11) {
  ensureSpace(doc, 40);
  doc.moveDown(0.6);
  doc.font('bold').fontSize(size).fillColor('#1e3a8a').text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  const y = doc.y + 1;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .strokeColor('#94a3b8')
    .stroke();
  doc.y = y + 4;
  doc.font('regular').fontSize(9).fillColor('black');
}

/** Label/value pairs in two columns. */
export function fields(doc: Doc, pairs: [string, string][]) {
  const colWidth = CONTENT_WIDTH / 2;
  for (let i = 0; i < pairs.length; i += 2) {
    const row = pairs.slice(i, i + 2);
    const heights = row.map(([label, value]) =>
      doc
        .font('regular')
        .fontSize(9)
        .heightOfString(`${label}: ${value || '-'}`, { width: colWidth - 8 }),
    );
    const h = Math.max(...heights);
    ensureSpace(doc, h + 2);
    const y = doc.y;
    row.forEach(([label, value], j) => {
      doc
        .font('bold')
        .fontSize(9)
        .text(`${label}: `, MARGIN + j * colWidth, y, { width: colWidth - 8, continued: true })
        .font('regular')
        .text(value || '-');
    });
    doc.y = y + h + 2;
  }
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A table's columns from their headers and relative widths, in order; the headers named in `right` align right. */
export function columns(widths: Record<string, number>, right: string[] = []): Column[] {
  return Object.entries(widths).map(([header, width]) =>
    right.includes(header) ? { header, width, align: 'right' as const } : { header, width },
  );
}

/** A table whose rows wrap and never split across pages; the header repeats on each page. */
export function table(doc: Doc, columns: Column[], rows: string[][], opts: { boldLast?: boolean } = {}) {
  const total = columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * CONTENT_WIDTH);
  const pad = 3;
  const drawRow = (cells: string[], bold: boolean, fill?: string) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(8);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c || '', { width: widths[i]! - 2 * pad }))) + 2 * pad;
    return {
      h,
      draw: () => {
        const y = doc.y;
        if (fill) doc.rect(MARGIN, y, CONTENT_WIDTH, h).fill(fill).fillColor('black');
        let x = MARGIN;
        cells.forEach((c, i) => {
          doc
            .font(bold ? 'bold' : 'regular')
            .fontSize(8)
            .text(c || '', x + pad, y + pad, {
              width: widths[i]! - 2 * pad,
              align: columns[i]!.align ?? 'left',
            });
          x += widths[i]!;
        });
        doc
          .moveTo(MARGIN, y + h)
          .lineTo(MARGIN + CONTENT_WIDTH, y + h)
          .lineWidth(0.3)
          .strokeColor('#cbd5e1')
          .stroke();
        doc.x = MARGIN;
        doc.y = y + h;
      },
    };
  };
  const header = drawRow(
    columns.map((c) => c.header),
    true,
    '#e2e8f0',
  );
  ensureSpace(doc, header.h * 2);
  header.draw();
  rows.forEach((cells, index) => {
    const row = drawRow(cells, !!opts.boldLast && index === rows.length - 1);
    if (doc.y + row.h > BOTTOM) {
      doc.addPage();
      header.draw();
    }
    row.draw();
  });
  doc.font('regular').fontSize(9);
}

export function paragraph(doc: Doc, text: string, opts: { bold?: boolean } = {}) {
  doc.font(opts.bold ? 'bold' : 'regular').fontSize(9);
  const h = doc.heightOfString(text, { width: CONTENT_WIDTH });
  ensureSpace(doc, Math.min(h, 60));
  doc.text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.font('regular');
}

/** The box a picture is fitted in (points): up to the content width and 330 pt high unless told. */
export interface ImageBox {
  maxWidth?: number;
  maxHeight?: number;
}

/** The size (points) image() prints a picture of `width` x `height` pixels in `box`: readable, never enlarged. */
function placedSize(width: number, height: number, box: ImageBox) {
  const scale = Math.min((box.maxWidth ?? CONTENT_WIDTH) / width, (box.maxHeight ?? 330) / height, 1);
  return { width: width * scale, height: height * scale };
}

/** Pictures are embedded at about this resolution of the box they are printed in (docs/rules.md#beyond-the-old-product). */
export const PRINT_DPI = 200;
const PRINT_JPEG_QUALITY = 80;

/**
 * The bytes to embed for a picture printed by image() in `box` (docs/rules.md#beyond-the-old-product: photos at print
 * size, so a PDF with many photos stays small enough to e-mail): re-encoded with sharp at
 * PRINT_DPI of the printed size, JPEG quality 80 (PNG when it has transparency, as a signature
 * does). It never enlarges: a picture already at or below that resolution keeps its bytes, and so
 * does anything sharp cannot read (image() then decides). The printed size does not change.
 * Huffman tables are not optimised: about 20% less CPU for about 3% more bytes.
 */
export async function fitForPrint(data: Buffer, box: ImageBox = {}): Promise<Buffer> {
  try {
    const meta = await sharp(data).metadata();
    const { width, height } = meta.autoOrient;
    const placed = placedSize(width, height, box);
    const target = {
      width: Math.max(1, Math.round((placed.width / 72) * PRINT_DPI)),
      height: Math.max(1, Math.round((placed.height / 72) * PRINT_DPI)),
    };
    const printable = meta.format === 'jpeg' || meta.format === 'png';
    if (printable && target.width >= width && target.height >= height) return data;
    const resized = sharp(data)
      .autoOrient()
      .resize({ ...target, fit: 'inside', withoutEnlargement: true });
    return meta.hasAlpha
      ? await resized.png().toBuffer()
      : await resized.jpeg({ quality: PRINT_JPEG_QUALITY, optimiseCoding: false }).toBuffer();
  } catch {
    return data;
  }
}

/**
 * Places an image at a readable size (up to the content width and `maxHeight`), whole on one
 * page: when it does not fit in what is left, it goes to the next page. Answers false for bytes
 * that are not an image pdfkit can read (a stored file gone bad must not break the document).
 * Pass bytes from fitForPrint() with the same box so the photo is embedded at print size.
 */
export function image(doc: Doc, data: Buffer, opts: ImageBox & { caption?: string } = {}): boolean {
  let img: { width: number; height: number };
  try {
    // pdfkit's openImage (untyped in @types/pdfkit) parses once; the same object is then drawn.
    img = (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(data);
  } catch {
    return false;
  }
  const { width: w, height: h } = placedSize(img.width, img.height, opts);
  const captionH = opts.caption ? 14 : 0;
  ensureSpace(doc, h + captionH + 6);
  const y = doc.y + 3;
  doc.image(img as never, MARGIN, y, { width: w, height: h });
  doc.y = y + h + 3;
  if (opts.caption) {
    doc.font('regular').fontSize(8).fillColor('#334155').text(opts.caption, MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc.fillColor('black').fontSize(9);
  }
  doc.x = MARGIN;
  return true;
}
