import {
  closingPdfRequestSchema,
  EXPENSE_MSG,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { currentUser } from '../../platform/access';
import type { Config } from '../../platform/config';
import { MB } from '../../platform/files';
import { readUpload, type UploadRules } from '../../platform/multipart';
import { type Storage, storedName } from '../../platform/storage';
import { readClosingPdf } from '../closing/closing.service';
import {
  attachmentHeader,
  buildTextPdf,
  generatePrompt,
  listUploadedDocs,
  readUploadedDoc,
  saveUploadedDoc,
  storagePrefix,
} from './documents.service';
import { analyzeLabel, extractText } from './label-reader';
import { extractPdfText } from './pdf-text';

/** A PDF to extract text from (docs/screens.md#pdfestudo). */
const pdfUpload: UploadRules<z.ZodType> = {
  file: EXTRACT_PDF_FIELD,
  onlyFile: true,
  maxBytes: EXTRACT_PDF_MAX_BYTES,
  required: true,
  types: ['application/pdf'],
  messages: { missing: EXTRACT_MSG.invalidPdf, tooLarge: EXTRACT_MSG.tooLarge },
};

/** A picture for the documentation repository (its type is checked by the service, which decodes it). */
const docUpload: UploadRules<z.ZodType> = {
  file: UPLOAD_DOC_FIELD,
  onlyFile: true,
  maxBytes: UPLOAD_DOC_MAX_BYTES,
  required: true,
  messages: { missing: UPLOAD_DOC_MSG.invalidImage, tooLarge: UPLOAD_DOC_MSG.tooLarge },
};

/** A photo for the /rotulos test page (10 MB at most). */
const labelUpload: UploadRules<z.ZodType> = {
  file: 'image',
  maxBytes: 10 * MB,
  required: true,
  messages: { missing: EXPENSE_MSG.photoRequired, tooLarge: EXPENSE_MSG.photoTooLarge },
};

export const documentsRoutes: FastifyPluginAsyncZod<{ database: Database; storage: Storage; config: Config }> = async (
  app,
  { database, storage, config },
) => {
  const { db } = database;

  // ------------------------------------------------------------ PDF text extractor (docs/screens.md#pdfestudo, docs/api.md#documents)
  app.post('/api/extract-text', { config: { access: 'admin' } }, async (request) => {
    const { file } = await readUpload(request, pdfUpload);
    const { text, pages, ocrPages } = await extractPdfText(file!.data);
    return { extractedText: text, paginas: pages, paginasOcr: ocrPages };
  });

  // ------------------------------------------------------------ Documentation repository
  app.get('/api/uploadDocs', { config: { access: 'admin' } }, async () => listUploadedDocs(db));

  app.post('/api/uploadDocs', { config: { access: 'admin' } }, async (request, reply) => {
    const { file } = await readUpload(request, docUpload);
    const doc = await saveUploadedDoc(db, storage, {
      data: file!.data,
      originalName: file!.filename,
      userId: currentUser(request).id,
    });
    return reply.status(201).send(doc);
  });

  // Files of the repository: signed-in users only, served with their recorded type and never sniffed.
  app.get(
    '/uploadDocs/:filename',
    { config: { access: 'signedIn' }, schema: { params: z.object({ filename: z.string().max(200) }) } },
    async (request, reply) => {
      const { data, mime } = await readUploadedDoc(db, storage, request.params.filename);
      return (
        reply
          .type(mime)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          // Asked again each time: a signed-out browser never shows it from its cache (docs/rules.md#accounts).
          .header('cache-control', 'private, no-cache')
          .send(data)
      );
    },
  );

  // ------------------------------------------------------------ Image text extraction (/rotulos)
  // An admin utility screen (docs/rules.md#permissions).
  app.post('/api/mistral/extract-text', { config: { access: 'admin' } }, async (request) => {
    const { file } = await readUpload(request, labelUpload);
    return extractText(file!.data);
  });

  app.post('/api/mistral/analyze-gemini-rotulos', { config: { access: 'admin' } }, async (request) => {
    const { file } = await readUpload(request, labelUpload);
    return analyzeLabel(file!.data, config, request.log);
  });

  // ------------------------------------------------------------ Prompt and PDF generator
  app.post('/api/gerarprompt', { config: { access: 'admin' }, schema: { body: gerarPromptSchema } }, async (request) => ({
    prompt: await generatePrompt(request.body, config, request.log),
  }));

  // POST /api/gerarpdf: {titulo, conteudo, nomeArquivo} (Gerar Prompt), or {os, nomeArquivo} with
  // os = a closing numero, answering that closing's PDF (docs/rules.md#api-conventions).
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
