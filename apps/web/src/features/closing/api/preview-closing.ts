import type { ClosingFigures } from '@os/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/fechamentos/preview: the arithmetic, nothing stored. */
export function usePreviewClosing() {
  return useMutation({ mutationFn: (osIds: number[]) => api.post<ClosingFigures>('/api/fechamentos/preview', { osIds }) });
}
