import type { QuoteStatus, RequestState, RequestUrgency } from '@os/shared';
import type { BadgeTone } from './badge';

// docs/ui.md#consistency: a quote's status and a request's state and urgency wear the same colour in the
// office's screens and in the portal (an order's status: status-badge.tsx).
export const QUOTE_TONES: Record<QuoteStatus, BadgeTone> = {
  Rascunho: 'gray',
  Enviado: 'yellow',
  Aprovado: 'green',
  Recusado: 'red',
  Vencido: 'orange',
  Convertido: 'blue',
};
export const REQUEST_STATE_TONES: Record<RequestState, BadgeTone> = { Recebida: 'yellow', Convertida: 'green', Recusada: 'red' };
export const URGENCY_TONES: Record<RequestUrgency, BadgeTone> = { Baixa: 'gray', Média: 'blue', Alta: 'orange' };
