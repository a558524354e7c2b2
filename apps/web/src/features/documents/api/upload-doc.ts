import { UPLOAD_DOC_FIELD, type UploadedDoc } from '@os/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { uploadDocsKey } from './upload-docs';

/** POST /api/uploadDocs (multipart field `image`). */
export function uploadDoc(file: File): Promise<UploadedDoc> {
  const form = new FormData();
  form.append(UPLOAD_DOC_FIELD, file);
  return api.post<UploadedDoc>('/api/uploadDocs', form);
}

export function useUploadDoc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDoc,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadDocsKey }),
  });
}
