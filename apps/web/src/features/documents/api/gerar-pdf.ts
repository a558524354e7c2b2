import { GERAR_MSG, type GerarPdfInput } from '@os/shared';
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api';

export interface GeneratedPdf {
  blob: Blob;
  /** True when the server kept its copy; otherwise `saveError` says why. */
  saved: boolean;
  saveError?: string;
}

/** POST /api/gerarpdf {titulo, conteudo, nomeArquivo}: answers the PDF itself. */
export async function gerarPdf(input: GerarPdfInput): Promise<GeneratedPdf> {
  const { blob, headers } = await apiBlob('/api/gerarpdf', { method: 'POST', body: input, failure: GERAR_MSG.pdfError });
  const saveError = headers.get('x-pdf-erro-salvar');
  return {
    blob,
    saved: !!headers.get('x-pdf-salvo'),
    saveError: saveError ? decodeURIComponent(saveError) : undefined,
  };
}

export function useGerarPdf() {
  return useMutation({ mutationFn: gerarPdf });
}
