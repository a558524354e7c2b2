import type { FastifyReply } from 'fastify';

/** A PDF the browser shows under its file name; private, never stored by a cache. */
export const sendInlinePdf = (reply: FastifyReply, data: Buffer, filename: string) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(data);

/** A private file of a known type (a photo, a drawn signature): never sniffed by the browser, asked again each time. */
export const sendPrivateFile = (reply: FastifyReply, type: string, data: Buffer) =>
  reply.type(type).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-cache').send(data);
