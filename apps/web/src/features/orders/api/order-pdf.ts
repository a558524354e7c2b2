import { CLOSING_MSG, type Order, type PdfGenerationResult } from '@os/shared';
import { api, apiBlob } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';
import { useOrderWrite } from './orders';

export type PdfRow = Pick<Order, 'id' | 'numero' | 'pdf' | 'pdfcompleto'>;

/** GET /api/os/{id}/pdfcompleto_os when the order has its full PDF, else /pdfviewer (the simple one). */
export function orderPdfUrl(row: PdfRow) {
  return row.pdfcompleto || !row.pdf ? `/api/os/${row.id}/pdfcompleto_os` : `/api/os/${row.id}/pdfviewer`;
}

/** POST /api/os/{id}/pdfcompleto: the full order PDF (admin); the PDF flag changes on every order list. */
export function useGenerateOrderPdf() {
  return useOrderWrite((id: number) => api.post<PdfGenerationResult>(`/api/os/${id}/pdfcompleto`));
}

/** Saves the answer of a same-origin PDF address under a file name (no new tab); the server's message on failure. */
export async function downloadPdf(url: string, filename: string) {
  const { blob } = await apiBlob(url, { failure: CLOSING_MSG.pdfLoadFailed });
  saveBlob(new Blob([blob], { type: 'application/pdf' }), filename);
}
