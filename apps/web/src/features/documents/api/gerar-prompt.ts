import type { GerarPromptInput } from '@os/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/gerarprompt {titulo, conteudo} -> {prompt}. */
export const gerarPrompt = (input: GerarPromptInput) => api.post<{ prompt: string }>('/api/gerarprompt', input);

export function useGerarPrompt() {
  return useMutation({ mutationFn: gerarPrompt });
}
