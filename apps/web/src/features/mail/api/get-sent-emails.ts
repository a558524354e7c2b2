import type { MailFilters, SentEmail } from '@os/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const sentEmailsKey = (filters: MailFilters) => ['mail', 'sent', filters] as const;

export function getSentEmails(filters: MailFilters): Promise<SentEmail[]> {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]);
  const qs = query.toString();
  return api.get<SentEmail[]>(`/api/sendmail/emails${qs ? `?${qs}` : ''}`);
}

/** GET /api/sendmail/emails with the applied filters (docs/api.md#mail). */
export function useSentEmails(filters: MailFilters) {
  return useQuery({ queryKey: sentEmailsKey(filters), queryFn: () => getSentEmails(filters) });
}
