import type { Readable } from 'node:stream';
import {
  buildPrompt,
  formatDate,
  type GerarPdfInput,
  type GerarPromptInput,
  UPLOAD_DOC_MAX_BYTES,
  UPLOAD_DOC_MSG,
  UPLOAD_DOC_TYPES,
  type UploadedDoc,
} from '@os/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadedDocuments } from '../../db/schema';
import { aiProviderConfigured, askAiProvider } from '../../platform/ai-provider';
import type { Config } from '../../platform/config';
import { AppError, notFound } from '../../platform/errors';
import { sniffMime } from '../../platform/files';
import { imageWork, openImage } from '../../platform/images';
import { renderPdf } from '../../platform/pdf';
import { isStorageKey, type Storage, storedName } from '../../platform/storage';

// ---------------------------------------------------------------- Documentation repository

const toUploadedDoc = (row: typeof uploadedDocuments.$inferSelect): UploadedDoc => ({
  filename: row.filename,
  url: `/uploadDocs/${row.filename}`,
  name: row.originalName,
  uploadTime: row.uploadedAt.toISOString(),
  size: row.size,
});

/** Every image of the repository, newest first. */
export async function listUploadedDocs(db: Db): Promise<UploadedDoc[]> {
  const rows = await db.select().from(uploadedDocuments).orderBy(desc(uploadedDocuments.uploadedAt), desc(uploadedDocuments.id));
  return rows.map(toUploadedDoc);
}

/**
 * Stores a JPG or PNG image of the repository: type from its bytes (and it must decode), at most
 * 5 MB (docs/rules.md#fixed-defects). The original bytes are kept so that document images stay legible.
 */
export async function saveUploadedDoc(
  db: Db,
  storage: Storage,
  input: { data: Buffer; originalName: string; userId: number },
): Promise<UploadedDoc> {
  if (input.data.length > UPLOAD_DOC_MAX_BYTES) throw new AppError(413, UPLOAD_DOC_MSG.tooLarge);
  const mime = await sniffMime(input.data);
  if (!mime || !(UPLOAD_DOC_TYPES as readonly string[]).includes(mime)) throw new AppError(415, UPLOAD_DOC_MSG.invalidImage);
  try {
    await imageWork(() => openImage(input.data).stats()); // decodes every pixel: a truncated file is refused
  } catch {
    throw new AppError(415, UPLOAD_DOC_MSG.invalidImage);
  }
  const name = storedName('doc', mime === 'image/png' ? 'png' : 'jpg');
  const key = await storage.put('uploadDocs', input.data, name);
  try {
    const [row] = await db
      .insert(uploadedDocuments)
      .values({
        filename: name,
        originalName: cleanOriginalName(input.originalName) || name,
        mime,
        size: input.data.length,
        uploadedBy: input.userId,
      })
      .returning();
    return toUploadedDoc(row!);
  } catch (err) {
    await storage.remove(key);
    throw err;
  }
}

/** The browser's file name, shown only: no path, no control characters, at most 200 characters. */
function cleanOriginalName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
}

/** A stored repository file by its name: only names recorded in uploaded_documents, only inside its folder. */
export async function readUploadedDoc(db: Db, storage: Storage, filename: string): Promise<{ data: Readable; mime: string }> {
  const key = `uploadDocs/${filename}`;
  if (!isStorageKey(key)) throw notFound(UPLOAD_DOC_MSG.notFound);
  const [row] = await db.select().from(uploadedDocuments).where(eq(uploadedDocuments.filename, filename)).limit(1);
  if (!row) throw notFound(UPLOAD_DOC_MSG.notFound);
  try {
    return { data: await storage.stream(key), mime: row.mime };
  } catch {
    throw notFound(UPLOAD_DOC_MSG.notFound);
  }
}

// ---------------------------------------------------------------- Prompt and PDF generator

/**
 * The prompt for a title and a content: written by the configured AI provider (docs/decisions.md, Gerar Prompt), from our
 * own template as its brief; the template itself when no provider is set or the provider fails.
 */
export async function generatePrompt(
  input: GerarPromptInput,
  config: Config,
  log?: { warn(obj: unknown, msg: string): void },
): Promise<string> {
  const template = buildPrompt(input);
  if (!aiProviderConfigured(config)) return template;
  try {
    const written = await askAiProvider(
      config,
      [
        {
          type: 'text',
          text:
            'Reescreva o prompt abaixo em português do Brasil, bem estruturado (papel, contexto, tarefa, formato de saída), ' +
            `mantendo todas as informações. Responda somente com o prompt.\n\n${template}`,
        },
      ],
      { temperature: 0.3 },
    );
    return written.trim() || template;
  } catch (err) {
    log?.warn({ err }, 'gerarprompt: AI provider failed, using the template');
    return template;
  }
}

/** The prompt screen's PDF: the title, the date, the content; 'Página N de M' at the foot. */
export function buildTextPdf(
  { titulo, conteudo }: Pick<GerarPdfInput, 'titulo' | 'conteudo'>,
  now = new Date(),
): Promise<Buffer> {
  return renderPdf({ title: titulo, margin: 50, footer: 'pageNumbers' }, (doc) => {
    doc.font('bold').fontSize(18).fillColor('#111111').text(titulo, { align: 'left' });
    doc.moveDown(0.3);
    doc
      .font('regular')
      .fontSize(9)
      .fillColor('#555555')
      .text(`Gerado em ${formatDate(now.toISOString().slice(0, 10))}`);
    doc.moveDown(1);
    doc.font('regular').fontSize(11).fillColor('#111111').text(conteudo, { align: 'left', lineGap: 2 });
  });
}

/** A name safe for storage made of the user's file name (letters, digits and '-'), for the server copy. */
export function storagePrefix(nomeArquivo: string): string {
  const slug = nomeArquivo
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || 'documento';
}

/** Content-Disposition for a download with a non-ASCII name (RFC 6266 / 5987). */
export function attachmentHeader(filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
