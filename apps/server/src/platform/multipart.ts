import { labelled, MSG } from '@os/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, fieldIssueMessage } from './errors';
import { MB, sniffMime } from './files';
import { refuseHugeImage } from './images';

/**
 * The limits every request body shares (docs/api.md#errors): a JSON body, and the text fields of a
 * multipart form together, carry at most 2 MB; one multipart text field at most 1 MB. Files have
 * their own limit per route.
 */
export const BODY_LIMITS = { total: 2 * MB, field: 1 * MB, fields: 40, files: 2 } as const;

/** What an upload route accepts: its file field, size and types, the shared schema of its text fields, its texts. */
export interface UploadRules<S extends z.ZodType> {
  /** The file's field name; '*' takes a file from any field. Files in other fields are passed over unread... */
  file: string;
  /** ...unless the form may carry no other file: then one answers 400 `messages.missing`. */
  onlyFile?: boolean;
  /** The largest file accepted, in bytes (each file, when several are taken). */
  maxBytes: number;
  /** How many files of `file` are taken (default 1: a second one replaces the first); more answer 400 `messages.tooMany`. */
  maxFiles?: number;
  /** A required file that is missing answers 400 `messages.missing`. */
  required: boolean;
  /** Accepted types, sniffed from the bytes (never the name or the browser's claim); others answer 415. */
  types?: readonly string[];
  /** The shared schema of the text fields. */
  fields?: S;
  /** Text fields sent empty count as not sent (a form's blank optional inputs). */
  blankIsMissing?: boolean;
  messages: {
    /** 400 when the required file is missing (and when the body is not a form, unless `notForm`). */
    missing?: string;
    /** 415 with this text when the body is not multipart/form-data. */
    notForm?: string;
    /** 413 when the file is over `maxBytes`. */
    tooLarge: string;
    /** 400 when more than `maxFiles` files are sent. */
    tooMany?: string;
    /** 415 when the file is not of `types` (default: `missing`). */
    wrongType?: string;
    /** The screen's own text for an invalid field, where it has one; else the issue's own sentence (fieldIssueMessage). */
    field?: (field: string, issue: z.core.$ZodIssue) => string | undefined;
  };
}

export interface UploadedFile {
  data: Buffer;
  /** The name the browser sent (never used to store the file). */
  filename: string;
  /** The type sniffed from its bytes. */
  mime?: string;
}

/**
 * The one reader of multipart forms (docs/rules.md#files): the file of `rules.file` read into memory
 * with its limit enforced while streaming, a 0-byte file refused ('Arquivo vazio.'), its type checked
 * from its bytes, and the text fields held to BODY_LIMITS (refused as they arrive, never buffered
 * beyond them) and parsed with the route's shared schema, an image over 40 megapixels refused from its header.
 * Every failure is a Portuguese 4xx: a body that is not a well-formed form (no boundary, another
 * boundary than the header's, a part cut short) answers 400 'Envio incompleto ou mal formado.'.
 */
export async function readUpload<S extends z.ZodType>(
  request: FastifyRequest,
  rules: UploadRules<S>,
): Promise<{ fields: z.output<S>; file?: UploadedFile; files: UploadedFile[] }> {
  const fileField = rules.file === '*' ? undefined : rules.file;
  if (!request.isMultipart()) {
    if (rules.messages.notForm) throw new AppError(415, rules.messages.notForm);
    throw badRequest(rules.messages.missing ?? MSG.invalidInput, fileField);
  }
  const text: Record<string, string> = {};
  let textBytes = 0;
  const maxFiles = rules.maxFiles ?? 1;
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: rules.maxBytes + 1,
        fieldSize: BODY_LIMITS.field,
        fields: BODY_LIMITS.fields,
        files: Math.max(BODY_LIMITS.files, maxFiles + 1),
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (fileField && part.fieldname !== fileField) {
          // Refused before it is read, or passed over unread (the parser waits until it is consumed).
          if (rules.onlyFile) throw badRequest(rules.messages.missing ?? MSG.invalidInput, fileField);
          part.file.resume();
          continue;
        }
        if (maxFiles > 1 && files.length >= maxFiles)
          throw badRequest(rules.messages.tooMany ?? MSG.payloadTooLarge, part.fieldname);
        const data = await part.toBuffer();
        if (data.length > rules.maxBytes || part.file.truncated) throw new AppError(413, rules.messages.tooLarge);
        if (data.length === 0) throw badRequest(MSG.emptyFile, part.fieldname);
        // An image's size in pixels is read from its header before anything decodes it (platform/images.ts).
        const mime = await sniffMime(data);
        if (mime?.startsWith('image/')) await refuseHugeImage(data, part.fieldname);
        if (maxFiles === 1) files.length = 0;
        files.push({ data, filename: part.filename ?? '', mime });
        continue;
      }
      textBytes += Buffer.byteLength(part.fieldname) + (typeof part.value === 'string' ? Buffer.byteLength(part.value) : 0);
      if (part.valueTruncated) throw badRequest(labelled([part.fieldname], MSG.fieldTooLong), part.fieldname);
      if (textBytes > BODY_LIMITS.total) throw badRequest(labelled([part.fieldname], MSG.formTooLong), part.fieldname);
      if (typeof part.value === 'string' && !(rules.blankIsMissing && part.value === '')) text[part.fieldname] = part.value;
    }
  } catch (err) {
    throw uploadError(err, rules);
  }

  if (rules.types) {
    for (const file of files) {
      if (!file.mime || !rules.types.includes(file.mime))
        throw new AppError(415, rules.messages.wrongType ?? rules.messages.missing ?? MSG.unsupportedMedia);
    }
  }
  let fields = text as z.output<S>;
  if (rules.fields) {
    const parsed = rules.fields.safeParse(text);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join('.');
      throw badRequest(rules.messages.field?.(field, issue) ?? fieldIssueMessage(issue.message), field || undefined);
    }
    fields = parsed.data;
  }
  if (!files.length && rules.required) throw badRequest(rules.messages.missing ?? MSG.invalidInput, fileField);
  return { fields, file: files[0], files };
}

/**
 * The parser's refusals in the route's words: a file over its size is 413 with the screen's text; any
 * other error of the parser is a body that is not a well-formed form (busboy's 'Boundary not found',
 * 'Unexpected end of form', 'Malformed part header'...), 400 'Envio incompleto ou mal formado.'.
 */
function uploadError(err: unknown, rules: UploadRules<z.ZodType>): unknown {
  if (err instanceof AppError) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, rules.messages.tooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, MSG.payloadTooLarge);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return badRequest(rules.messages.missing ?? MSG.invalidInput);
    default:
      return badRequest(MSG.malformedBody);
  }
}
