/**
 * Loopback servers that speak the WhatsApp providers' HTTP protocols (docs/rules.md#whatsapp), for the
 * product's real clients to talk to: they check the auth the provider checks, record each send call,
 * answer as the provider answers, can be taken down (503) and up, and sign webhooks as the provider does.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from './helper';

export interface RecordedSend {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  id: string;
}

interface Loopback {
  url: string;
  sends: RecordedSend[];
  /** Every request that reached the server, accepted or not. */
  calls: number;
  /** While down, each send answers 503 (and nothing is recorded). */
  down: boolean;
  close(): Promise<void>;
}

async function listen(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The WhatsApp Cloud API: POST /{version}/{phone-number-id}/messages with 'Authorization: Bearer {token}'. */
export async function startMetaCloudApi(opts: { token: string; phoneNumberId: string; version?: string }) {
  const version = opts.version ?? 'v21.0';
  const state: Loopback & { latencyMs: number } = {
    url: '',
    sends: [],
    calls: 0,
    down: false,
    latencyMs: 0,
    close: async () => {},
  };
  const server = await listen((req, raw, res) => {
    state.calls++;
    if (req.method !== 'POST' || req.url !== `/${version}/${opts.phoneNumberId}/messages`) {
      return json(res, 400, { error: { message: 'Unsupported post request.', type: 'GraphMethodException', code: 100 } });
    }
    if (req.headers.authorization !== `Bearer ${opts.token}`) {
      return json(res, 401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    }
    if (state.down) return json(res, 503, { error: { message: 'Service temporarily unavailable', code: 2 } });
    const body = JSON.parse(raw) as Record<string, unknown>;
    const template = body.template as { name?: string } | undefined;
    if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !template?.name) {
      return json(res, 400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } });
    }
    if (template.name === 'modelo_inexistente') {
      return json(res, 404, { error: { message: '(#132001) Template name does not exist in the translation', code: 132001 } });
    }
    const id = `wamid.${randomBytes(12).toString('base64url')}`;
    const send = () => {
      state.sends.push({ path: req.url!, headers: req.headers, body, id });
      json(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
    };
    if (state.latencyMs) setTimeout(send, state.latencyMs);
    else send();
  });
  state.url = server.url;
  state.close = server.close;
  /**
   * The app's settings to send through this loopback (its address, token and number), the worker left to
   * the test's `drain()`; the webhook's app secret and verify token when given.
   */
  const env = (webhook: { appSecret?: string; verifyToken?: string } = {}) => ({
    WHATSAPP_PROVIDER: 'meta',
    WHATSAPP_API_URL: server.url,
    WHATSAPP_TOKEN: opts.token,
    WHATSAPP_PHONE_NUMBER_ID: opts.phoneNumberId,
    WHATSAPP_APP_SECRET: webhook.appSecret ?? 's',
    ...(webhook.verifyToken ? { WHATSAPP_VERIFY_TOKEN: webhook.verifyToken } : {}),
    WHATSAPP_POLL_SECONDS: '3600',
  });
  return Object.assign(state, { env });
}
export type MetaCloudApi = Awaited<ReturnType<typeof startMetaCloudApi>>;

/** The Cloud API account of the tests: its token and number, its webhook's app secret and verify token. */
export const META_ACCOUNT = {
  token: 'EAAG-token-de-teste',
  phoneNumberId: '106540352242922',
  appSecret: 'segredo-do-app',
  verifyToken: 'verifica-123',
};

/**
 * A test app that sends WhatsApp through a loopback Cloud API of META_ACCOUNT (createTestApp's `env` and
 * `options` added); `close` closes both.
 */
export async function startAppWithMeta(env: Record<string, string> = {}, options?: Parameters<typeof createTestApp>[1]) {
  const meta = await startMetaCloudApi(META_ACCOUNT);
  const t = await createTestApp({ ...meta.env(META_ACCOUNT), ...env }, options);
  const close = async () => {
    await t.close();
    await meta.close();
  };
  return { t, meta, close };
}

/** A Cloud API notification as Meta posts it, with its X-Hub-Signature-256 (HMAC-SHA256 of the raw body). */
export function metaWebhook(appSecret: string, value: Record<string, unknown>) {
  const payload = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              ...value,
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', appSecret).update(payload).digest('hex')}`;
  return { payload, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } };
}

/** POST /api/whatsapp/webhook: a hook of metaWebhook, signed or not, as Meta posts it. */
export const postMetaWebhook = (app: TestContext['app'], hook: { payload: string; headers: Record<string, string> }) =>
  app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload: hook.payload, headers: hook.headers });

/** One status of a sent message, as in Meta's `statuses` array. */
export function metaStatus(id: string, status: 'sent' | 'delivered' | 'read' | 'failed', recipient: string) {
  return {
    id,
    status,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: recipient.replace(/\D/g, ''),
    ...(status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable' }] } : {}),
  };
}

/** Evolution API: POST /message/sendText/{instance} with the header apikey and {number, text}. */
export async function startEvolutionApi(opts: { apiKey: string; instance: string }) {
  const state: Loopback = { url: '', sends: [], calls: 0, down: false, close: async () => {} };
  const server = await listen((req, raw, res) => {
    state.calls++;
    if (req.headers.apikey !== opts.apiKey)
      return json(res, 401, { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } });
    if (req.method !== 'POST' || req.url !== `/message/sendText/${opts.instance}`) {
      return json(res, 404, { status: 404, error: 'Not Found', response: { message: ['Cannot POST'] } });
    }
    if (state.down) return json(res, 503, { status: 503, error: 'Service Unavailable' });
    const body = JSON.parse(raw) as { number?: string; text?: string };
    if (!body.number || !body.text)
      return json(res, 400, { status: 400, error: 'Bad Request', response: { message: ['text is required'] } });
    const id = `BAE5${randomBytes(6).toString('hex').toUpperCase()}`;
    state.sends.push({ path: req.url!, headers: req.headers, body, id });
    json(res, 201, {
      key: { remoteJid: `${body.number}@s.whatsapp.net`, fromMe: true, id },
      message: { extendedTextMessage: { text: body.text } },
      messageTimestamp: String(Math.floor(Date.now() / 1000)),
      status: 'PENDING',
    });
  });
  state.url = server.url;
  state.close = server.close;
  return state;
}
export type EvolutionApi = Awaited<ReturnType<typeof startEvolutionApi>>;

/** An Evolution webhook event as it posts it: the instance's apikey in the body. */
export function evolutionEvent(apiKey: string, event: 'messages.update' | 'messages.upsert', data: Record<string, unknown>) {
  return {
    event,
    instance: 'os-teste',
    data,
    destination: 'http://127.0.0.1/api/whatsapp/webhook',
    date_time: new Date().toISOString(),
    sender: '558799990000@s.whatsapp.net',
    server_url: 'http://127.0.0.1:8080',
    apikey: apiKey,
  };
}
