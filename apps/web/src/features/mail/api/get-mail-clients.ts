import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** What the e-mail screen needs of a client (spec §3: it reads nome and email). */
export interface MailClient {
  id: number;
  razao: string;
  nome?: string;
  email: string;
}

export const mailClientsKey = ['mail', 'clients'] as const;

/** GET /api/clientes: the client dropdowns of both tabs. */
export function useMailClients() {
  return useQuery({
    queryKey: mailClientsKey,
    queryFn: () => api.get<MailClient[]>('/api/clientes?limit=1000'),
    staleTime: 60_000,
  });
}
