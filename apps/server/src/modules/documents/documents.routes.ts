import type { MultipartFile } from '@fastify/multipart';
import {
  closingPdfRequestSchema,
  EXTRACT_MSG,
  EXTRACT_PDF_FIELD,
  EXTRACT_PDF_MAX_BYTES,
  GERAR_MSG,
  gerarPdfSchema,
  gerarPromptSchema,
  pdfFileName,
  safePdfFileName,
  UPLOAD_DOC_FIELD,
  UPLOAD_DOC_MAX_BYTES,
  UPLOAD_DOC_MSG,
} from '@os/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import type { Config } from '../../platform/config';
import { AppError, badRequest } from '../../platform/errors';
import { sniffMime } from '../../platform/files';
import { type Storage, storedName } from '../../platform/storage';
import {
  attachmentHeader,
  buildTextPdf,
  generatePrompt,
  listUploadedDocs,
  readUploadedDoc,
  saveUploadedDoc,
  storagePrefix,
} from './documents.service';
import { readClosingPdf } from '../closing/closing.service';
import { extractPdfText } from './pdf-text';

/**
 * The one file of a multipart request, read into memory with its size limit enforced while
 * streaming (413 with the screen's message), or a 400 when the field is missing.
 */
async function readUpload(
  request: FastifyRequest,
  opts: { field: string; maxBytes: number; tooLarge: string; missing: string },
): Promise<{ data: Buffer; file: MultipartFile }> {
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: opts.maxBytes + 1, files: 1 } });
  } catch {
    throw badRequest(opts.missing, opts.field);
  }
  if (!file || file.fieldname !== opts.field) throw badRequest(opts.missing, opts.field);
  try {
    const data = await file.toBuffer();
    if (data.length > opts.maxBytes || file.file.truncated) throw new AppError(413, opts.tooLarge);
    return { data, file };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, opts.tooLarge);
    throw err;
  }
}

export const documentsRoutes: FastifyPluginAsyncZod<{ database: Database; storage: Storage; config: Config }> = async (
  app,
  { database, storage, config },
) => {
  const { db } = database;

  // ------------------------------------------------------------ PDF text extractor (spec §2.18, §7)
  app.post('/api/extract-text', { config: { access: 'admin' } }, async (request) => {
    const { data } = await readUpload(request, {
      field: EXTRACT_PDF_FIELD,
      maxBytes: EXTRACT_PDF_MAX_BYTES,
      tooLarge: EXTRACT_MSG.tooLarge,
      missing: EXTRACT_MSG.invalidPdf,
    });
    if ((await sniffMime(data)) !== 'application/pdf') throw new AppError(415, EXTRACT_MSG.invalidPdf);
    const { text, pages, ocrPages } = await extractPdfText(data);
    return { extractedText: text, paginas: pages, paginasOcr: ocrPages };
  });

  // ------------------------------------------------------------ Documentation repository
  app.get('/api/uploadDocs', { config: { access: 'admin' } }, async () => listUploadedDocs(db));

  app.post('/api/uploadDocs', { config: { access: 'admin' } }, async (request, reply) => {
    const { data, file } = await readUpload(request, {
      field: UPLOAD_DOC_FIELD,
      maxBytes: UPLOAD_DOC_MAX_BYTES,
      tooLarge: UPLOAD_DOC_MSG.tooLarge,
      missing: UPLOAD_DOC_MSG.invalidImage,
    });
    const doc = await saveUploadedDoc(db, storage, { data, originalName: file.filename, userId: currentUser(request).id });
    return reply.status(201).send(doc);
  });

  // Files of the repository: signed-in users only, served with their recorded type and never sniffed.
  app.get(
    '/uploadDocs/:filename',
    { config: { access: 'signedIn' }, schema: { params: z.object({ filename: z.string().max(200) }) } },
    async (request, reply) => {
      const { data, mime } = await readUploadedDoc(db, storage, request.params.filename);
      return reply
        .type(mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=3600')
        .send(data);
    },
  );

  // ------------------------------------------------------------ Prompt and PDF generator
  app.post('/api/gerarprompt', { config: { access: 'admin' }, schema: { body: gerarPromptSchema } }, async (request) => ({
    prompt: await generatePrompt(request.body, config, request.log),
  }));

  // POST /api/gerarpdf: {titulo, conteudo, nomeArquivo} (Gerar Prompt), or {os, nomeArquivo} with
  // os = a closing numero, answering that closing's PDF (DECISIONS.md §8).
  const gerarPdfBody = z.union([closingPdfRequestSchema, gerarPdfSchema]);
  app.post('/api/gerarpdf', { config: { access: 'admin' }, schema: { body: gerarPdfBody } }, async (request, reply) => {
    const body = request.body;
    if ('os' in body) {
      const closing = await readClosingPdf({ db, storage }, body.os, currentUser(request).username);
      const filename = safePdfFileName(body.nomeArquivo, closing.filename.replace(/\.pdf$/, ''));
      return reply.type('application/pdf').header('content-disposition', attachmentHeader(filename)).send(closing.data);
    }
    const pdf = await buildTextPdf(body);
    const filename = pdfFileName(body.nomeArquivo, { incluirData: false });
    // A copy stays on the server ('PDF salvo no servidor com sucesso!'); a failed copy still answers the PDF.
    try {
      const key = await storage.put('pdfs', pdf, storedName(storagePrefix(filename), 'pdf'));
      reply.header('x-pdf-salvo', key);
    } catch (err) {
      request.log.error({ err }, 'gerarpdf: saving the server copy failed');
      reply.header('x-pdf-erro-salvar', encodeURIComponent(GERAR_MSG.pdfSaveReason));
    }
    return reply.type('application/pdf').header('content-disposition', attachmentHeader(filename)).send(pdf);
  });
};
