/**
 * The two WhatsApp providers behind one small interface (docs/rules.md#whatsapp): Meta's WhatsApp Cloud
 * API (template messages) and a self-hosted Evolution API (text messages). Their addresses and keys
 * are settings (README); a token, key or number never goes into a log or an error kept in the history.
 */
import type { WhatsappSettings } from '../../platform/config';

/** One message to send: the template and its parameters (Meta), and the same text written out (Evolution). */
export interface OutgoingWhatsapp {
  /** E.164, '+5587999990000'. */
  to: string;
  template: string;
  language: string;
  params: string[];
  text: string;
}

/** The provider's answer: its id of the message, or why not and whether trying again may help. */
export type SendResult = { ok: true; id: string } | { ok: false; error: string; retry: boolean };

export interface WhatsappProvider {
  name: 'meta' | 'evolution';
  send(message: OutgoingWhatsapp): Promise<SendResult>;
}

const TIMEOUT_MS = 15_000;

/** A POST with a JSON body and a time limit; network errors become a retryable failure. */
async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; json: unknown } | { error: string }> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json };
  } catch (err) {
    const reason = err instanceof Error && err.name === 'TimeoutError' ? 'tempo esgotado' : 'sem conexão';
    return { error: `Provedor de WhatsApp indisponível (${reason}).` };
  }
}

/** 429 and 5xx may pass; another 4xx is the request itself (a wrong template, a bad token). */
const retryable = (status: number) => status === 429 || status >= 500;

/** A provider's words kept in the history, without any phone number they may echo. */
export function withoutNumbers(text: string): string {
  return text.replace(/\+?\d[\d\s-]{7,}\d/g, '…');
}

function digitsOf(e164: string) {
  return e164.replace(/\D/g, '');
}

/** Meta's error in its own words, without anything of the request. */
function metaError(status: number, json: unknown): string {
  const error = (json as { error?: { message?: unknown; code?: unknown } } | null)?.error;
  const message = typeof error?.message === 'string' ? error.message.slice(0, 300) : '';
  const code = typeof error?.code === 'number' || typeof error?.code === 'string' ? ` (código ${error.code})` : '';
  return withoutNumbers(`WhatsApp Cloud API respondeu ${status}${code}${message ? `: ${message}` : ''}`);
}

/**
 * WhatsApp Cloud API: POST {WHATSAPP_API_URL}/{version}/{phone-number-id}/messages with the bearer token,
 * a template message whose body parameters are the message's; the answer's messages[0].id (wamid) is
 * what the status webhooks name.
 */
export function metaProvider(settings: WhatsappSettings['meta']): WhatsappProvider {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const url = `${base}/${settings.apiVersion}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    name: 'meta',
    async send(message) {
      const answer = await postJson(
        url,
        { authorization: `Bearer ${settings.token}` },
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: digitsOf(message.to),
          type: 'template',
          template: {
            name: message.template,
            language: { code: message.language },
            components: [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }],
          },
        },
      );
      if ('error' in answer) return { ok: false, error: answer.error, retry: true };
      const id = (answer.json as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
      if (answer.status >= 200 && answer.status < 300 && typeof id === 'string') return { ok: true, id };
      return { ok: false, error: metaError(answer.status, answer.json), retry: retryable(answer.status) };
    },
  };
}

/**
 * Evolution API: POST {EVOLUTION_URL}/message/sendText/{instance} with the header apikey, {number, text};
 * the answer's key.id is what its messages.update webhooks name.
 */
export function evolutionProvider(settings: WhatsappSettings['evolution']): WhatsappProvider {
  const base = settings.url.replace(/\/+$/, '');
  const url = `${base}/message/sendText/${encodeURIComponent(settings.instance)}`;
  return {
    name: 'evolution',
    async send(message) {
      const answer = await postJson(url, { apikey: settings.apiKey }, { number: digitsOf(message.to), text: message.text });
      if ('error' in answer) return { ok: false, error: answer.error, retry: true };
      const id = (answer.json as { key?: { id?: unknown } } | null)?.key?.id;
      if (answer.status >= 200 && answer.status < 300 && typeof id === 'string') return { ok: true, id };
      const response = (answer.json as { response?: { message?: unknown } } | null)?.response?.message;
      const detail = Array.isArray(response) ? response.map(String).join('; ').slice(0, 300) : '';
      return {
        ok: false,
        error: withoutNumbers(`Evolution API respondeu ${answer.status}${detail ? `: ${detail}` : ''}`),
        retry: retryable(answer.status),
      };
    },
  };
}

/** The provider the settings choose, or null (nothing is sent over WhatsApp). */
export function createWhatsappProvider(settings: WhatsappSettings): WhatsappProvider | null {
  if (settings.provider === 'meta') return metaProvider(settings.meta);
  if (settings.provider === 'evolution') return evolutionProvider(settings.evolution);
  return null;
}
