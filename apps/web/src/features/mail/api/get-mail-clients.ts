import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { registerOptionsKeys } from '../../../lib/register-options';

/** What the e-mail screen needs of a client (spec §3: it reads nome and email). */
export interface MailClient {
  id: number;
  razao: string;
  nome?: string;
  email: string;
}

// Under the clients prefix: saving a client refreshes this list too.
export const mailClientsKey = [...registerOptionsKeys.clients, 'mail'] as const;

/** GET /api/clientes: the client dropdowns of both tabs. */
export function useMailClients() {
  return useQuery({
    queryKey: mailClientsKey,
    queryFn: () => api.get<MailClient[]>('/api/clientes'),
    staleTime: 60_000,
  });
}
