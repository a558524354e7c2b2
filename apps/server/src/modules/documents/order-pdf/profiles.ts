/**
 * The order PDFs there are, one profile each: which sections print, in which order, and which of their
 * details (docs/style.md#a-pdf-section). The only place where the kinds differ.
 */
import type { PdfDetails } from './kit';
import type { SectionName } from './sections';

/** 'pdf' and 'pdfcompleto' are the office's; 'cliente' is what the client receives (docs/rules.md#portal). */
export type OrderPdfKind = 'pdf' | 'pdfcompleto' | 'cliente';
/** The kinds the office generates and views by their routes, each kept in a column of the order. */
export type OfficePdfKind = Exclude<OrderPdfKind, 'cliente'>;

export interface OrderPdfProfile {
  /** The heading on the first page. */
  heading: (numero: string) => string;
  /** The PDF's title (metadata, the viewer's window). */
  title: (numero: string) => string;
  /** The name it downloads as. */
  downloadName: (numero: string) => string;
  /** The word in its stored file's name ('os00042_folha_<code>_...'). */
  fileWord: string;
  /**
   * Where the office keeps it: the order's column pointing at the newest file, and the viewer's route
   * (GET /api/os/{id}/<viewer>). None for the client's copy, kept under its code (order-pdf.service.ts).
   */
  office: { column: 'pdfFile' | 'pdfcompletoFile'; viewer: string } | null;
  sections: readonly SectionName[];
  details: PdfDetails;
}

const EVERY_DETAIL: PdfDetails = { trips: true, km: true, tripNotes: true, serviceHours: true, photos: true, prices: true };

/** The sections every order PDF opens with, up to the descriptions of the service. */
const OPENING: readonly SectionName[] = ['header', 'client', 'order', 'equipment', 'timesheet', 'checklist', 'descriptions'];

/** The order sheet's sections, the office's and the client's copy alike (what each prints of them differs by its details). */
const SHEET_SECTIONS: readonly SectionName[] = [...OPENING, 'materials', 'signature', 'approval'];

/** The order sheet's names: its heading, title and download name. */
const SHEET_NAMES: Pick<OrderPdfProfile, 'heading' | 'title' | 'downloadName'> = {
  heading: (n) => `Ordem de Serviço Nº ${n}`,
  title: (n) => `OS ${n}`,
  downloadName: (n) => `OS_${n}.pdf`,
};

export const PROFILES = {
  /** 'Ordem de Serviço': the order sheet, without expenses, photos and the materials' prices. */
  pdf: {
    ...SHEET_NAMES,
    fileWord: 'folha',
    office: { column: 'pdfFile', viewer: 'pdfviewer' },
    sections: SHEET_SECTIONS,
    details: { ...EVERY_DETAIL, photos: false, prices: false },
  },
  /** 'Relatório Completo': everything, with the expenses, their values and receipts, and the photos (the client's too). */
  pdfcompleto: {
    heading: (n) => `Relatório Completo da OS Nº ${n}`,
    title: (n) => `OS ${n} - completa`,
    downloadName: (n) => `OS_${n}_completo.pdf`,
    fileWord: 'completo',
    office: { column: 'pdfcompletoFile', viewer: 'pdfcompleto_os' },
    sections: [...OPENING, 'clientPhotos', 'materials', 'expenses', 'signature', 'approval'],
    details: EVERY_DETAIL,
  },
  /**
   * The client's copy (docs/rules.md#portal): order data, the service days with their times, descriptions
   * and photos, the materials used, signature and approval; never expenses, values (the materials' prices
   * included), km, trips and their observations, nor the hours the visit is billed by.
   */
  cliente: {
    ...SHEET_NAMES,
    fileWord: 'cliente',
    office: null,
    sections: SHEET_SECTIONS,
    details: { trips: false, km: false, tripNotes: false, serviceHours: false, photos: true, prices: false },
  },
} satisfies Record<OrderPdfKind, OrderPdfProfile>;
