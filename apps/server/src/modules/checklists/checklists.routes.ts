import {
  CHECKLIST_MSG,
  checklistAnswerPostSchema,
  checklistAnswerSchema,
  checklistAttachSchema,
  checklistTemplateInputSchema,
  recordIdSchema,
} from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import { badRequest } from '../../platform/errors';
import { MB } from '../../platform/files';
import { idempotencyKey } from '../../platform/idempotency';
import { readUpload, type UploadRules } from '../../platform/multipart';
import { registerWrites } from '../../platform/register-routes';
import type { Storage } from '../../platform/storage';
import type { ConclusionListener } from '../orders/order-lifecycle';
import { equipmentReadings } from './checklist-readings';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './checklist-templates';
import { answerItem, attachChecklist, checklistOrigin, getOrderChecklist } from './checklists.service';

const idParams = z.object({ id: recordIdSchema });
const itemParams = z.object({ id: recordIdSchema, itemId: recordIdSchema });
const signedIn = { access: 'signedIn' } as const;

/** The multipart answer: the fields valor and observacao, the optional photo `foto` (10 MB at most). */
const answerForm: UploadRules<typeof checklistAnswerSchema> = {
  file: 'foto',
  maxBytes: 10 * MB,
  required: false,
  fields: checklistAnswerSchema,
  messages: { tooLarge: CHECKLIST_MSG.photoTooLarge },
};

/**
 * docs/api.md#checklists: templates read by every role and written by admins; an order's checklist read by
 * who may read the order, added by the office or its technician, answered by its technician or an admin.
 */
export const checklistsRoutes: FastifyPluginAsyncZod<{
  database: Database;
  storage: Storage;
  portalNotices: { concluded: ConclusionListener };
}> = async (app, { database, storage, portalNotices }) => {
  const { db } = database;
  const onConcluded: ConclusionListener = (orderId, user) => portalNotices.concluded(orderId, user);

  app.get('/api/checklists', { config: signedIn }, () => listTemplates(db));
  app.get('/api/checklists/:id', { config: signedIn, schema: { params: idParams } }, (request) =>
    getTemplate(db, request.params.id),
  );
  registerWrites(app, db, '/api/checklists', checklistTemplateInputSchema, {
    create: createTemplate,
    update: updateTemplate,
    remove: deleteTemplate,
  });

  app.get('/api/os/:id/checklist', { config: signedIn, schema: { params: idParams } }, async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(await getOrderChecklist(db, currentUser(request), request.params.id))),
  );
  app.get('/api/os/:id/checklist/origem', { config: signedIn, schema: { params: idParams } }, async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(await checklistOrigin(db, currentUser(request), request.params.id))),
  );
  app.post(
    '/api/os/:id/checklist',
    { config: signedIn, schema: { params: idParams, body: checklistAttachSchema } },
    async (request, reply) =>
      reply.status(201).send(await attachChecklist(db, currentUser(request), request.params.id, request.body.modeloId)),
  );

  app.put('/api/os/:id/checklist/itens/:itemId', { config: signedIn, schema: { params: itemParams } }, async (request) => {
    const user = currentUser(request);
    const key = idempotencyKey(request);
    const { id: orderId, itemId } = request.params;
    if (request.isMultipart()) {
      const { fields, file } = await readUpload(request, answerForm);
      return answerItem(db, storage, user, { orderId, itemId }, fields, file?.data, key, onConcluded);
    }
    const parsed = checklistAnswerSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(CHECKLIST_MSG.textRequired, 'valor');
    return answerItem(db, storage, user, { orderId, itemId }, parsed.data, undefined, key, onConcluded);
  });

  // The phone's outbox replays POSTs with the order in the body (docs/rules.md#offline-sync): the same answer.
  app.post('/api/checklist/respostas', { config: signedIn }, async (request) => {
    const user = currentUser(request);
    const key = idempotencyKey(request);
    if (request.isMultipart()) {
      const { fields, file } = await readUpload(request, { ...answerForm, fields: checklistAnswerPostSchema });
      return answerItem(db, storage, user, { orderId: fields.osId, itemId: fields.itemId }, fields, file?.data, key, onConcluded);
    }
    const parsed = checklistAnswerPostSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(CHECKLIST_MSG.itemElsewhere, 'itemId');
    const { osId, itemId, ...fields } = parsed.data;
    return answerItem(db, storage, user, { orderId: osId, itemId }, fields, undefined, key, onConcluded);
  });

  app.get('/api/equipamentos/:id/leituras', { config: signedIn, schema: { params: idParams } }, (request) =>
    equipmentReadings(db, request.params.id),
  );
};
