import {
  MSG,
  messageFiltersSchema,
  WHATSAPP_EVENTS,
  WHATSAPP_MSG,
  type WhatsappSettingsView,
  whatsappConsentSchema,
} from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import type { Config, WhatsappTemplateKey } from '../../platform/config';
import { AppError } from '../../platform/errors';
import { idParams, registerPage } from '../../platform/register-routes';
import { listMessages } from './history';
import type { WhatsappOutbox } from './outbox';
import { TEMPLATE_TEXTS } from './templates';
import { listUserWhatsapp, setUserWhatsapp } from './user-whatsapp';
import { evolutionKeyValid, handleEvolutionEvent, handleMetaEvent, metaChallenge, metaSignatureValid } from './webhook';
import type { WhatsappWorker } from './worker';

const rawBodies = new WeakMap<object, Buffer>();

/** What the settings say, without a token or key (GET /api/whatsapp/configuracao). */
function settingsView(config: Config): WhatsappSettingsView {
  const w = config.whatsapp;
  const keyOf = (evento: (typeof WHATSAPP_EVENTS)[number]): WhatsappTemplateKey => evento;
  const modelos = WHATSAPP_EVENTS.map((evento) => ({
    evento,
    modelo: w.templates[keyOf(evento)],
    parametros: TEMPLATE_TEXTS[keyOf(evento)].parametros,
  }));
  modelos.splice(1, 0, {
    evento: 'agendamento',
    modelo: w.templates.agendamentoTecnico,
    parametros: TEMPLATE_TEXTS.agendamentoTecnico.parametros,
  });
  const endereco = w.provider === 'meta' ? w.meta.apiUrl : w.provider === 'evolution' ? w.evolution.url : '';
  return {
    provedor: w.provider ?? null,
    endereco,
    webhook: `${config.appUrl.replace(/\/+$/, '')}/api/whatsapp/webhook`,
    modelos,
    idioma: w.language,
    avisoMinutos: w.noticeDelayMinutes,
  };
}

/** WhatsApp messages (docs/api.md#whatsapp, docs/rules.md#whatsapp). */
export const whatsappRoutes: FastifyPluginAsyncZod<{
  database: Database;
  config: Config;
  whatsappOutbox: WhatsappOutbox;
  whatsappWorker: WhatsappWorker;
}> = async (app, { database, config, whatsappOutbox, whatsappWorker }) => {
  const { db } = database;
  const settings = config.whatsapp;

  // The webhook's signature is over the exact bytes received: this plugin keeps them beside the parsed body.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    try {
      const parsed: unknown = raw.length ? JSON.parse(raw.toString('utf8')) : {};
      if (parsed && typeof parsed === 'object') rawBodies.set(parsed, raw);
      rawBodies.set(request, raw);
      done(null, parsed);
    } catch {
      done(new AppError(400, MSG.invalidInput), undefined);
    }
  });

  // Meta's verification handshake: hub.challenge only for the right verify token.
  app.get('/api/whatsapp/webhook', { config: { access: 'public' } }, async (request, reply) => {
    const challenge = metaChallenge(settings, request.query as Record<string, unknown>);
    if (challenge === null) return reply.status(401).send({ error: WHATSAPP_MSG.unverified });
    return reply.type('text/plain; charset=utf-8').send(challenge);
  });

  // Statuses and replies: verified as the configured provider signs them; otherwise 401 and nothing changes.
  app.post('/api/whatsapp/webhook', { config: { access: 'public' } }, async (request, reply) => {
    const raw = rawBodies.get(request) ?? Buffer.alloc(0);
    if (settings.provider === 'meta') {
      const signature = request.headers['x-hub-signature-256'];
      if (!metaSignatureValid(settings.meta.appSecret, raw, typeof signature === 'string' ? signature : undefined)) {
        return reply.status(401).send({ error: WHATSAPP_MSG.unverified });
      }
      return reply.send({ ok: true, ...(await handleMetaEvent(db, request.body)) });
    }
    if (settings.provider === 'evolution') {
      const key = request.headers.apikey;
      if (!evolutionKeyValid(settings.evolution.apiKey, typeof key === 'string' ? key : undefined, request.body)) {
        return reply.status(401).send({ error: WHATSAPP_MSG.unverified });
      }
      return reply.send({ ok: true, ...(await handleEvolutionEvent(db, request.body)) });
    }
    return reply.status(401).send({ error: WHATSAPP_MSG.unverified });
  });

  // 'A caminho' on the job card: the order's technician; 202, and a repeat within 10 minutes sends nothing.
  app.post('/api/os/:id/a-caminho', { config: { access: 'signedIn' }, schema: { params: idParams } }, async (request, reply) => {
    const user = currentUser(request);
    const result = await db.transaction(async (tx) =>
      whatsappOutbox.onTheWay(tx as unknown as typeof db, request.params.id, user),
    );
    if (result.written) whatsappWorker.kick();
    const message = !whatsappOutbox.enabled
      ? WHATSAPP_MSG.onTheWayNoProvider
      : result.repeated
        ? WHATSAPP_MSG.onTheWayRepeated
        : WHATSAPP_MSG.onTheWayQueued;
    return reply.status(202).send({ message, mensagens: result.written, repetido: result.repeated });
  });

  registerPage(app, '/api/mensagens', 'admin', messageFiltersSchema, (_request, query) => listMessages(db, query));

  app.get('/api/whatsapp/configuracao', { config: { access: 'admin' } }, async () => settingsView(config));

  // The staff's numbers and consent (a technician hears of their agenda when consenting).
  app.get('/api/whatsapp/usuarios', { config: { access: 'admin' } }, async () => listUserWhatsapp(db));
  app.put(
    '/api/whatsapp/usuarios/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: whatsappConsentSchema } },
    async (request) => setUserWhatsapp(db, currentUser(request), request.params.id, request.body),
  );
};
