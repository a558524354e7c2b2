/**
 * What the sections of an order PDF share (docs/style.md#a-pdf-section): the context a section draws
 * with, the shape of a section, the details a profile switches, and a table whose columns follow them.
 */
import { columns, type Doc, type ImageBox, table } from '../../../platform/pdf';
import type { OrderRecord } from './load';

/**
 * The details a profile (profiles.ts) includes or leaves out inside the sections it prints. A column or
 * a part of a section that depends on one names it, and is printed only when the profile says true.
 */
export interface PdfDetails {
  /** The outbound and return trip tables of the timesheet. */
  trips: boolean;
  /** The trips' km. */
  km: boolean;
  /** The trips' observations. */
  tripNotes: boolean;
  /** Feriado, each service day's Duração and the Total row: what the hours are billed by. */
  serviceHours: boolean;
  /** The photo under each description. */
  photos: boolean;
  /** The materials' prices and totals (docs/rules.md#materials-and-stock: never on the client's copy). */
  prices: boolean;
}
export type DetailName = keyof PdfDetails;

/** What a section draws with: the one loaded record, the pictures already fitted for print, the profile's heading and details. */
export interface SectionContext {
  doc: Doc;
  rec: OrderRecord;
  images: Map<string, Buffer>;
  details: PdfDetails;
  /** The document's heading ('Ordem de Serviço Nº 00042'). */
  heading: string;
}

/** A stored picture a section prints, and the box it is printed in (it is fitted to that box before drawing). */
export interface Picture {
  key: string;
  box: ImageBox;
}

/** One part of an order PDF. */
export interface OrderPdfSection {
  /** Draws the section (nothing when it has nothing to show, if so decided). */
  draw(s: SectionContext): void;
  /** The stored pictures it prints: read and fitted for print, all at once, before any drawing. */
  pictures?(rec: OrderRecord, details: PdfDetails): Picture[];
  /**
   * What it prints that content.ts does not already cover, for the verification code: a new section's
   * data goes here (null or an empty list when it has nothing, so the codes of other orders stay as they are).
   */
  content?(rec: OrderRecord, details: PdfDetails): unknown;
}

/** Where the photos (descriptions, receipts) and the signatures are printed. */
export const PHOTO_BOX: ImageBox = {};
export const SIGNATURE_BOX: ImageBox = { maxWidth: 260, maxHeight: 110 };

export const hhmm = (time: string | null | undefined) => (time ? time.slice(0, 5) : '');

/** A column of a detail table: its header, relative width, the cell of a row, and what decides it. */
export interface PdfColumn<T> {
  header: string;
  width: number;
  cell: (row: T) => string;
  right?: boolean;
  /** The detail the column belongs to: printed only when the profile includes it. */
  detail?: DetailName;
  /** Its cell in the bold 'Total' row; the table has that row when a printed column has a total. */
  total?: (rows: T[]) => string;
}

/** A table of records with the columns the profile includes, and a 'Total' row when one of them has a total. */
export function detailTable<T>(doc: Doc, details: PdfDetails, cols: PdfColumn<T>[], rows: T[]) {
  const shown = cols.filter((c) => !c.detail || details[c.detail]);
  const body = rows.map((r) => shown.map((c) => c.cell(r)));
  const totals = shown.some((c) => c.total);
  if (totals) body.push(shown.map((c, i) => (i === 0 ? 'Total' : (c.total?.(rows) ?? ''))));
  table(
    doc,
    columns(
      Object.fromEntries(shown.map((c) => [c.header, c.width])),
      shown.filter((c) => c.right).map((c) => c.header),
    ),
    body,
    totals ? { boldLast: true } : {},
  );
}
