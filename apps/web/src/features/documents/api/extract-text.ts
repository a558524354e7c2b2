import { EXTRACT_MSG, EXTRACT_PDF_FIELD, type ExtractTextResponse } from '@os/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';

/**
 * POST /api/extract-text (docs/api.md#documents) through XMLHttpRequest, the one browser API that reports upload
 * progress (docs/ui.md#behaviour: uploads with a percentage bar). `onProgress` gets 0-100.
 */
export function extractText(file: File, onProgress: (percent: number) => void): Promise<ExtractTextResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/extract-text');
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as (ExtractTextResponse & { error?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body);
      reject(new ApiError(body?.error || EXTRACT_MSG.failed, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError(EXTRACT_MSG.failed, 0));
    const form = new FormData();
    form.append(EXTRACT_PDF_FIELD, file);
    xhr.send(form);
  });
}

export function useExtractText(onProgress: (percent: number) => void) {
  return useMutation({ mutationFn: (file: File) => extractText(file, onProgress) });
}
