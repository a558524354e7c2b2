/**
 * A bank's PIX API (the Central Bank's standard 'API Pix', docs/rules.md#pix): OAuth2 client credentials for a
 * bearer token, PUT /cob/{txid} to create an immediate charge, GET /cob/{txid} to read its status and payments,
 * PUT /webhook/{chave} to say where the bank posts payments. Its address and credentials are settings
 * (PIX_API_URL, PIX_CLIENT_ID, PIX_CLIENT_SECRET); unset, charges use the static BR Code only.
 */

export interface PixApiSettings {
  url: string;
  clientId: string;
  clientSecret: string;
}

/** A charge as the API answers it (the fields this product reads). */
export interface Cob {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  location?: string;
  loc?: { location?: string };
  pixCopiaECola?: string;
  valor: { original: string };
  pix?: { endToEndId: string; txid: string; valor: string; horario: string }[];
}

/** What went wrong talking to the bank: the API's problem detail (RFC 7807) when it sent one. */
export class PixApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

export class PixApiClient {
  private token: { value: string; expiresAt: number } | null = null;
  private readonly base: string;

  constructor(private readonly settings: PixApiSettings) {
    this.base = settings.url.replace(/\/+$/, '');
  }

  /** A bearer token, asked again a minute before it expires. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const res = await this.fetch('/oauth/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new PixApiError(res.status, 'O banco não devolveu o token de acesso.');
    this.token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 300) * 1000 };
    return body.access_token;
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new PixApiError(0, `Não foi possível falar com a API PIX do banco: ${(err as Error).message}`);
    }
    if (!res.ok) {
      const problem = (await res.json().catch(() => ({}))) as { title?: string; detail?: string; error?: string };
      throw new PixApiError(res.status, `API PIX do banco: ${problem.detail ?? problem.title ?? problem.error ?? res.status}`);
    }
    return res;
  }

  private async call<T>(method: 'GET' | 'PUT' | 'PATCH', path: string, body?: unknown, retried = false): Promise<T> {
    const token = await this.accessToken();
    try {
      const res = await this.fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await res.json()) as T;
    } catch (err) {
      // A token the bank dropped early: one new token, one more try.
      if (err instanceof PixApiError && err.status === 401 && !retried) {
        this.token = null;
        return this.call(method, path, body, true);
      }
      throw err;
    }
  }

  /** PATCH /cob/{txid}: a new validity of the charge, `expiracao` seconds from its creation (a new due day). */
  reviseCobExpiry(txid: string, expiracao: number) {
    return this.call<Cob>('PATCH', `/cob/${encodeURIComponent(txid)}`, { calendario: { expiracao } });
  }

  /** PUT /cob/{txid}: an immediate charge of `valorCentavos` to `chave`, valid for `expiracao` seconds. */
  createCob(txid: string, input: { valorCentavos: number; chave: string; expiracao: number; solicitacao: string }) {
    return this.call<Cob>('PUT', `/cob/${encodeURIComponent(txid)}`, {
      calendario: { expiracao: input.expiracao },
      valor: { original: (input.valorCentavos / 100).toFixed(2) },
      chave: input.chave,
      solicitacaoPagador: input.solicitacao.slice(0, 140),
    });
  }

  getCob(txid: string) {
    return this.call<Cob>('GET', `/cob/${encodeURIComponent(txid)}`);
  }

  /** PUT /webhook/{chave}: where the bank posts the payments received on that key. */
  registerWebhook(chave: string, webhookUrl: string) {
    return this.call<unknown>('PUT', `/webhook/${encodeURIComponent(chave)}`, { webhookUrl });
  }
}

/** The dynamic charge's txid: 'FECH' and the closing's number, zero-padded to the 26 characters the API asks. */
export const cobTxid = (numero: number) => `FECH${String(numero).padStart(22, '0')}`;

/** The bank's client when PIX_API_URL is set (docs/rules.md#pix), else null: charges stay static. */
export function pixBankFrom(settings: PixApiSettings | undefined): PixApiClient | null {
  return settings ? new PixApiClient(settings) : null;
}
