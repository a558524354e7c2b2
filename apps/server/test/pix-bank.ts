/**
 * A bank's PIX API on 127.0.0.1 for the tests (docs/rules.md#pix), speaking the Central Bank's standard 'API Pix':
 * POST /oauth/token (client credentials in HTTP Basic, form body), PUT, PATCH and GET /cob/{txid} with a bearer token,
 * PUT /webhook/{chave}; errors as problem+json. `pay` settles a cob as a payer's bank would.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc16Ccitt } from './brcode';

interface StoredCob {
  txid: string;
  revisao: number;
  status: string;
  calendario: { criacao: string; expiracao: number };
  location: string;
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
  pix?: { endToEndId: string; txid: string; valor: string; horario: string }[];
}

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** The dynamic BR Code a bank answers for a location: point of initiation 12, the location in field 25. */
function dynamicBrCode(location: string) {
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('25', location)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('58', 'BR') +
    tlv('59', 'TECNICA ASSISTENCIA LTDA') +
    tlv('60', 'SAO PAULO') +
    tlv('62', tlv('05', '***')) +
    '6304';
  return body + crc16Ccitt(body);
}

export async function startPixBank(credentials = { id: 'cliente-os', secret: 'segredo-os' }) {
  const tokens = new Set<string>();
  const cobs = new Map<string, StoredCob>();
  const webhooks = new Map<string, string>();
  const calls: string[] = [];

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(JSON.stringify(body));
  };
  const problem = (res: ServerResponse, status: number, title: string, detail: string) =>
    send(
      res,
      status,
      { type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status, detail },
      'application/problem+json',
    );

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => resolve(data));
    });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    calls.push(`${req.method} ${url.pathname}`);
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const basic = Buffer.from(`${credentials.id}:${credentials.secret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}` || new URLSearchParams(body).get('grant_type') !== 'client_credentials')
        return send(res, 401, { error: 'invalid_client' });
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return send(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'cob.write cob.read webhook.write',
      });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(bearer))
      return problem(res, 401, 'AcessoNegado', 'Requisição de participante autenticado que acessa recurso sem permissão.');

    const cob = /^\/cob\/([^/]+)$/.exec(url.pathname);
    if (cob && req.method === 'PUT') {
      const txid = decodeURIComponent(cob[1]!);
      if (!/^[a-zA-Z0-9]{26,35}$/.test(txid))
        return problem(res, 400, 'CobOperacaoInvalida', 'O campo txid não respeita o schema.');
      const input = JSON.parse(body || '{}') as Partial<StoredCob>;
      if (!/^\d{1,10}\.\d{2}$/.test(input.valor?.original ?? '') || !input.chave)
        return problem(
          res,
          400,
          'CobOperacaoInvalida',
          'A requisição que busca alterar ou criar uma cobrança não respeita o schema.',
        );
      if (cobs.has(txid)) return problem(res, 409, 'CobOperacaoInvalida', 'Já existe uma cobrança com este txid.');
      const location = `pix.banco.test/qr/v2/${randomUUID().replace(/-/g, '')}`;
      const stored: StoredCob = {
        txid,
        revisao: 0,
        status: 'ATIVA',
        calendario: { criacao: new Date().toISOString(), expiracao: input.calendario?.expiracao ?? 86400 },
        location,
        valor: input.valor!,
        chave: input.chave,
        solicitacaoPagador: input.solicitacaoPagador,
        pixCopiaECola: dynamicBrCode(location),
      };
      cobs.set(txid, stored);
      return send(res, 201, { ...stored, loc: { id: cobs.size, location, tipoCob: 'cob' } });
    }
    if (cob && req.method === 'PATCH') {
      const stored = cobs.get(decodeURIComponent(cob[1]!));
      if (!stored) return problem(res, 404, 'CobNaoEncontrado', 'Cobrança não encontrada para o txid informado.');
      const expiracao = (JSON.parse(body || '{}') as { calendario?: { expiracao?: unknown } }).calendario?.expiracao;
      if (stored.status !== 'ATIVA' || !Number.isInteger(expiracao) || (expiracao as number) <= 0)
        return problem(res, 400, 'CobOperacaoInvalida', 'A cobrança não pode ser alterada.');
      stored.calendario = { ...stored.calendario, expiracao: expiracao as number };
      stored.revisao += 1;
      return send(res, 200, stored);
    }
    if (cob && req.method === 'GET') {
      const stored = cobs.get(decodeURIComponent(cob[1]!));
      return stored
        ? send(res, 200, stored)
        : problem(res, 404, 'CobNaoEncontrado', 'Cobrança não encontrada para o txid informado.');
    }
    const hook = /^\/webhook\/([^/]+)$/.exec(url.pathname);
    if (hook && req.method === 'PUT') {
      const { webhookUrl } = JSON.parse(body || '{}') as { webhookUrl?: string };
      if (!webhookUrl?.startsWith('https://')) return problem(res, 400, 'WebhookOperacaoInvalida', 'webhookUrl deve usar https.');
      webhooks.set(decodeURIComponent(hook[1]!), webhookUrl);
      return send(res, 201, {});
    }
    return problem(res, 404, 'NaoEncontrado', 'Recurso não encontrado.');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    cobs,
    webhooks,
    calls,
    /** A payer's bank paid the cob in full at `horario`. */
    pay(txid: string, horario = new Date().toISOString()) {
      const stored = cobs.get(txid);
      if (!stored) throw new Error(`no cob ${txid}`);
      stored.status = 'CONCLUIDA';
      stored.pix = [
        { endToEndId: `E${randomBytes(15).toString('hex')}`.slice(0, 32), txid, valor: stored.valor.original, horario },
      ];
      return stored.pix[0]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
