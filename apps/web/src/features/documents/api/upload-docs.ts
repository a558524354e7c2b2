import type { UploadedDoc } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/uploadDocs: the repository's images, newest first. */
export const uploadDocsKey = ['uploadDocs'] as const;

export const fetchUploadDocs = () => api.get<UploadedDoc[]>('/api/uploadDocs');

export function useUploadDocs() {
  return useQuery({ queryKey: uploadDocsKey, queryFn: fetchUploadDocs });
}
