import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/**
 * Generated PDFs (ARCHITECTURE.md, PDF): pdfkit with DejaVu Sans embedded from the
 * dejavu-fonts-ttf package, so every Portuguese accent renders (the 14 standard PDF fonts
 * are WinAnsi only and carry no font file).
 */
export const PDF_FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  italic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf'),
  mono: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'),
} as const;
export type PdfFont = keyof typeof PDF_FONTS;

export type PdfDoc = PDFKit.PDFDocument;

export interface PdfOptions {
  /** Document title (the PDF's metadata; the viewer's window title). */
  title: string;
  author?: string;
  /** Print 'Página N de M' at the foot of every page. */
  pageNumbers?: boolean;
  size?: string;
  margin?: number;
}

/**
 * Builds a PDF in memory: `draw` writes the pages (fonts 'regular', 'bold', 'italic', 'mono' are
 * registered; 'regular' is current), then page numbers are added when asked. Answers the bytes.
 */
export function renderPdf(options: PdfOptions, draw: (doc: PdfDoc) => void | Promise<void>): Promise<Buffer> {
  const margin = options.margin ?? 50;
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    bufferPages: true, // needed to write 'Página N de M' once the page count is known
    info: { Title: options.title, Author: options.author ?? 'Sistema de Ordens de Serviço' },
    lang: 'pt-BR',
    displayTitle: true,
  });
  for (const [name, file] of Object.entries(PDF_FONTS)) doc.registerFont(name, file);
  doc.font('regular');

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return (async () => {
    await draw(doc);
    if (options.pageNumbers) addPageNumbers(doc);
    doc.end();
    return done;
  })();
}

/** 'Página N de M' centred in the bottom margin of every buffered page. */
export function addPageNumbers(doc: PdfDoc): void {
  const range = doc.bufferedPageRange();
  const total = range.count;
  for (let i = range.start; i < range.start + total; i++) {
    doc.switchToPage(i);
    const { margins } = doc.page;
    const bottom = margins.bottom;
    // Writing inside the bottom margin would make pdfkit open a new page: lift the margin meanwhile.
    margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#555555')
      .text(pageLabel(i - range.start + 1, total), margins.left, doc.page.height - bottom / 2 - 4, {
        width: doc.page.width - margins.left - margins.right,
        align: 'center',
        lineBreak: false,
      });
    margins.bottom = bottom;
  }
}

export function pageLabel(page: number, total: number): string {
  return `Página ${page} de ${total}`;
}
