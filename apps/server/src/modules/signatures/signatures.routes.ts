import { assinaturaSchema } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { idempotencyKey } from '../../platform/idempotency';
import type { Storage } from '../../platform/storage';
import type { ConclusionListener, ConclusionListeners, ConclusionOutbox } from '../orders/order-lifecycle';
import { getAssinatura, saveAssinatura } from './signatures.service';

const osParams = z.object({ osId: z.coerce.number().int().positive() });

/** The customer's signature on an order (docs/api.md#records, docs/rules.md#fixed-defects, docs/rules.md#beyond-the-old-product). */
export const signaturesRoutes: FastifyPluginAsyncZod<{
  database: Database;
  storage: Storage;
  portalNotices: { concluded: ConclusionListener };
  orderOutbox: ConclusionOutbox;
}> = async (app, { database, storage, portalNotices, orderOutbox }) => {
  const { db } = database;
  const listeners: ConclusionListeners = {
    onConcluded: (orderId, user) => portalNotices.concluded(orderId, user),
    outbox: orderOutbox,
  };

  app.post(
    '/api/assinatura/salvar',
    { config: { access: 'signedIn' }, schema: { body: assinaturaSchema } },
    async (request, reply) => {
      const saved = await saveAssinatura(db, storage, currentUser(request), request.body, idempotencyKey(request), listeners);
      return reply.status(201).send({ success: true, ...saved });
    },
  );

  app.get('/api/assinatura/:osId', { config: { access: 'signedIn' }, schema: { params: osParams } }, (request) =>
    getAssinatura(db, currentUser(request), request.params.osId),
  );
};
