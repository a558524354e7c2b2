import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface FilePart {
  field: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body for app.inject: the text fields in order, then the files. */
export function multipart(fields: Record<string, string> | [string, string][], ...files: (FilePart | undefined)[]) {
  const boundary = `----form${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    if (!file) continue;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Body = ReturnType<typeof multipart>;
/** POSTs a multipart body through app.inject, with the session cookie when one is given. */
export function postMultipart(app: FastifyInstance, url: string, cookie: string | undefined, body: Body) {
  return app.inject({ method: 'POST', url, headers: cookie ? { ...body.headers, cookie } : body.headers, payload: body.payload });
}
