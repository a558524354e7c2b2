import type { UpdateLoginInput } from '@os/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** PUT /api/atualizarlogin: step 2 of /esqueci, with the link's token. */
export function useUpdateLogin() {
  return useMutation({ mutationFn: (input: UpdateLoginInput) => api.put<{ message: string }>('/api/atualizarlogin', input) });
}
