import { GERAR_MSG, type GerarPdfInput } from '@os/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';

export interface GeneratedPdf {
  blob: Blob;
  /** True when the server kept its copy; otherwise `saveError` says why. */
  saved: boolean;
  saveError?: string;
}

/** POST /api/gerarpdf {titulo, conteudo, nomeArquivo}: answers the PDF itself. */
export async function gerarPdf(input: GerarPdfInput): Promise<GeneratedPdf> {
  let response: Response;
  try {
    response = await fetch('/api/gerarpdf', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/pdf, application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new ApiError(GERAR_MSG.pdfError, 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; field?: string } | null;
    throw new ApiError(body?.error || GERAR_MSG.pdfError, response.status, body?.field);
  }
  const saveError = response.headers.get('x-pdf-erro-salvar');
  return {
    blob: await response.blob(),
    saved: !!response.headers.get('x-pdf-salvo'),
    saveError: saveError ? decodeURIComponent(saveError) : undefined,
  };
}

export function useGerarPdf() {
  return useMutation({ mutationFn: gerarPdf });
}
