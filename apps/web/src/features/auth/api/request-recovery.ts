import type { RecoveryAnswer, RecoveryRequest } from '@os/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/recuperar-senha: step 1 of /esqueci (docs/rules.md#api-conventions). */
export function useRequestRecovery() {
  return useMutation({ mutationFn: (input: RecoveryRequest) => api.post<RecoveryAnswer>('/api/recuperar-senha', input) });
}
