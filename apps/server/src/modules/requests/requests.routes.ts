import { refuseRequestSchema, requestListQuerySchema } from '@os/shared';
import { z } from 'zod';
import { currentUser } from '../../platform/access';
import { registerPage } from '../../platform/register-routes';
import { sendPrivateFile } from '../../platform/replies';
import type { RoutesPlugin } from '../../platform/route-deps';
import { orderForRead } from '../order-records/order-guard';
import {
  convertRequest,
  listRequests,
  orderClientPhoto,
  orderClientPhotos,
  refuseRequest,
  requestPhoto,
} from './requests.service';
import { createRequestNotifier } from './requests-mail';

const dbId = () => z.coerce.number().int().positive().max(2147483647);
const idParams = z.object({ id: dbId() });
const photoParams = z.object({ id: dbId(), fotoId: dbId() });
const staff = { access: 'staff' } as const;
const signedIn = { access: 'signedIn' } as const;

/** The office's 'Solicitações de Atendimento' (docs/rules.md#portal, docs/api.md#requests): admin and user. */
export const requestsRoutes: RoutesPlugin = async (app, { database, config, mailer, storage }) => {
  const { db } = database;
  const notifier = createRequestNotifier({ db, mailer, appUrl: config.appUrl }, app.log);
  app.addHook('onClose', () => notifier.idle());
  const actor = (u: { id: number; username: string; nome_completo: string }) => ({
    id: u.id,
    username: u.username,
    nome: u.nome_completo || u.username,
  });

  registerPage(app, '/api/solicitacoes', 'staff', requestListQuerySchema, (_request, query) => listRequests(db, query));

  app.post('/api/solicitacoes/:id/gerar-os', { config: staff, schema: { params: idParams } }, async (request, reply) => {
    const user = currentUser(request);
    const result = await convertRequest(db, user, request.params.id);
    notifier.notify({ kind: 'converted', requestId: request.params.id, osNumero: result.os.numero }, actor(user));
    return reply.status(201).send(result);
  });

  app.post(
    '/api/solicitacoes/:id/recusar',
    { config: staff, schema: { params: idParams, body: refuseRequestSchema } },
    async (request) => {
      const user = currentUser(request);
      const refused = await refuseRequest(db, user, request.params.id, request.body.motivo);
      notifier.notify({ kind: 'refused', requestId: request.params.id, motivo: request.body.motivo }, actor(user));
      return refused;
    },
  );

  // docs/rules.md#portal: the request's photos go with the order it became; whoever may read the order sees them.
  app.get('/api/os/:id/fotos-cliente', { config: signedIn, schema: { params: idParams } }, async (request) => {
    await orderForRead(db, currentUser(request), request.params.id);
    return orderClientPhotos(db, request.params.id);
  });

  app.get('/api/os/:id/fotos-cliente/:fotoId', { config: signedIn, schema: { params: photoParams } }, async (request, reply) => {
    await orderForRead(db, currentUser(request), request.params.id);
    return sendPrivateFile(reply, 'image/jpeg', await orderClientPhoto(db, storage, request.params.id, request.params.fotoId));
  });

  app.get('/api/solicitacoes/:id/fotos/:fotoId', { config: staff, schema: { params: photoParams } }, async (request, reply) => {
    const data = await requestPhoto(db, storage, request.params.id, request.params.fotoId);
    return sendPrivateFile(reply, 'image/jpeg', data);
  });
};
