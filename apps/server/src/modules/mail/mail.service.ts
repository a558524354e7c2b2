import {
  BUSINESS_TIME_ZONE,
  DOC_TYPES,
  type DocType,
  documentSubject,
  MAIL_MSG,
  type MailFilters,
  type SendMailInput,
  type SentEmail,
  type SessionUser,
} from '@os/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, sentEmails } from '../../db/schema';
import { containsFolded } from '../../db/search';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { bodyText, htmlToText, type Mailer, type MailMessage } from '../../platform/mail';
import { readOrNotFound, type Storage } from '../../platform/storage';
import { type AttachmentDeps, type DocumentAttachment, resolveDocumentAttachment, sha256 } from './document-attachment';

export interface MailDeps extends AttachmentDeps {
  mailer: Mailer;
}

/** A PDF the sender attached by hand to the multipart form (its type already checked from the bytes). */
export interface UploadedAttachment {
  filename: string;
  content: Buffer;
}

/** Content-addressed copy: 'Ver Anexo' opens exactly the bytes that went out, whatever is regenerated later. */
function keepAttachment(storage: Storage, content: Buffer, hash: string): Promise<string> {
  return storage.put('outbox', content, `anexo-${hash}.pdf`);
}

/** A PDF about to go out, kept as the history keeps it: its storage key and its verification code. */
export async function keepSentPdf(storage: Storage, content: Buffer): Promise<{ anexoFile: string; anexoHash: string }> {
  const anexoHash = sha256(content);
  return { anexoFile: await keepAttachment(storage, content, anexoHash), anexoHash };
}

/** The file name a customer sees: 'OS-00012.pdf' or 'Fechamento-00003.pdf'. */
function attachmentName(tipo: string, numero: string) {
  return `${tipo === 'Fechamento' ? 'Fechamento' : 'OS'}-${numero.padStart(5, '0')}.pdf`;
}

const recordColumns = {
  id: sentEmails.id,
  tipo: sentEmails.tipo,
  email: sentEmails.email,
  usario: sentEmails.usuario,
  dataEnvio: sentEmails.dataEnvio,
  numero: sentEmails.numero,
  status: sentEmails.status,
  erro: sentEmails.erro,
  nomeCliente: sentEmails.nomeCliente,
  subject: sentEmails.subject,
  anexoHash: sentEmails.anexoHash,
};

type RecordRow = { dataEnvio: Date } & Omit<SentEmail, 'data_envio'>;

function toSentEmail({ dataEnvio, ...row }: RecordRow): SentEmail {
  return { ...row, data_envio: dataEnvio.toISOString() };
}

async function clientName(db: Db, clientId: number | undefined): Promise<{ id: number; razao: string } | null> {
  if (!clientId) return null;
  const [row] = await db.select({ id: clients.id, razao: clients.razao }).from(clients).where(eq(clients.id, clientId)).limit(1);
  return row ?? null;
}

/** What the sent-mail history records of one message besides its address, subject and result. */
export interface SentMailRecord {
  tipo: string;
  numero: string;
  nomeCliente: string;
  clientId: number | null;
  userId: number | null;
  usuario: string;
  /** The body the history keeps, when it is not the one that went out. */
  mensagem?: string;
  anexoFile?: string | null;
  anexoHash?: string | null;
}

/**
 * Sends one message through the product's mailer and records it in the sent-mail history with its real
 * result: 'Enviado', or 'Falha' with the server's reason.
 */
export async function sendRecorded(
  deps: { db: Db; mailer: Mailer },
  message: MailMessage,
  record: SentMailRecord,
): Promise<SentEmail> {
  const result = await deps.mailer.send(message);
  const [row] = await deps.db
    .insert(sentEmails)
    .values({
      ...record,
      email: message.to,
      subject: message.subject,
      mensagem: record.mensagem ?? bodyText(message.text, message.action),
      status: result.ok ? 'Enviado' : 'Falha',
      erro: result.ok ? null : result.error,
    })
    .returning(recordColumns);
  return toSentEmail(row!);
}

/**
 * Sends a document e-mail and records the real result (docs/rules.md#fixed-defects): 'Enviado', or
 * 'Falha' with the server's reason. The sender is the signed-in user, never the body.
 */
export async function sendDocumentMail(
  deps: MailDeps,
  input: SendMailInput & { tipoDocumento: DocType },
  user: SessionUser,
  uploaded?: UploadedAttachment,
): Promise<SentEmail> {
  const numero = input.numeroOS_Fechamento;
  if (!numero && !uploaded) throw badRequest(MAIL_MSG.attachmentRequired, 'numeroOS_Fechamento');
  const tipo = input.tipoDocumento;

  let attachment: DocumentAttachment | null = null;
  if (uploaded) {
    attachment = { filename: uploaded.filename, content: uploaded.content, hash: sha256(uploaded.content), client: null };
  } else if (numero) {
    attachment = await resolveDocumentAttachment(deps, tipo, numero, user, input.to);
  }

  const chosen = await clientName(deps.db, input.clientId);
  const client = chosen ?? attachment?.client ?? null;
  const nomeCliente = input.cliente || client?.razao || '';
  const subject = input.subject || documentSubject(tipo, numero ?? '');
  const text = input.text?.trim() || (input.html ? htmlToText(input.html) : '') || subject;

  const anexoFile = attachment ? await keepAttachment(deps.storage, attachment.content, attachment.hash) : null;

  return sendRecorded(
    deps,
    {
      to: input.to,
      subject,
      text,
      fromName: input.nome || user.nome_completo || user.username,
      // docs/rules.md#e-mails-people-can-click: a message a person wrote carries no 'não responda' footer.
      personal: Boolean(input.text?.trim() || input.html),
      attachments: attachment
        ? [{ filename: attachment.filename, content: attachment.content, contentType: 'application/pdf' }]
        : [],
    },
    {
      tipo,
      numero: numero ?? '',
      nomeCliente,
      clientId: client?.id ?? null,
      userId: user.id,
      usuario: user.username,
      anexoFile,
      anexoHash: attachment?.hash ?? null,
    },
  );
}

/** Sends a 'Falha' record again, with the very attachment recorded; the row takes the new result. */
export async function resendFailedMail(deps: MailDeps, id: number, user: SessionUser): Promise<SentEmail> {
  const [row] = await deps.db.select().from(sentEmails).where(eq(sentEmails.id, id)).limit(1);
  if (!row) throw notFound(MAIL_MSG.emailNotFound);
  if (row.status !== 'Falha') throw conflict(MAIL_MSG.resendOnlyFailed);
  const attachments = row.anexoFile
    ? [
        {
          filename: attachmentName(row.tipo, row.numero),
          content: await readAttachment(deps.storage, row.anexoFile, row.anexoHash),
          contentType: 'application/pdf',
        },
      ]
    : [];
  const result = await deps.mailer.send({
    to: row.email,
    subject: row.subject,
    text: row.mensagem || row.subject,
    fromName: user.nome_completo || user.username,
    // The documents of /emails went as a person's message; the product's notices as automatic ones.
    personal: (DOC_TYPES as readonly string[]).includes(row.tipo) && Boolean(row.mensagem),
    attachments,
  });
  const [updated] = await deps.db
    .update(sentEmails)
    .set({
      status: result.ok ? 'Enviado' : 'Falha',
      erro: result.ok ? null : result.error,
      usuario: user.username,
      userId: user.id,
      dataEnvio: new Date(),
    })
    .where(eq(sentEmails.id, id))
    .returning(recordColumns);
  return toSentEmail(updated!);
}

/** The sent-mail history, newest first, with the filters of docs/rules.md#validation (dates inclusive, company clock). */
export async function listSentEmails(db: Db, filters: MailFilters): Promise<SentEmail[]> {
  const where: SQL[] = [];
  if (filters.nomeCliente) where.push(containsFolded(sentEmails.nomeCliente, filters.nomeCliente));
  if (filters.usuario) where.push(containsFolded(sentEmails.usuario, filters.usuario));
  // Data Início from 00:00:00 and Data Final to 23:59:59, both inclusive, on the company's clock.
  const localDay = sql`(${sentEmails.dataEnvio} at time zone ${BUSINESS_TIME_ZONE})::date`;
  if (filters.dataInicio) where.push(sql`${localDay} >= ${filters.dataInicio}::date`);
  if (filters.dataFinal) where.push(sql`${localDay} <= ${filters.dataFinal}::date`);
  const rows = await db
    .select(recordColumns)
    .from(sentEmails)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(sentEmails.dataEnvio), desc(sentEmails.id))
    .limit(1000);
  return rows.map(toSentEmail);
}

async function readAttachment(storage: Storage, key: string, hash: string | null): Promise<Buffer> {
  const content = await readOrNotFound(storage, key, MAIL_MSG.attachmentNotFound);
  if (hash && sha256(content) !== hash) throw conflict(MAIL_MSG.attachmentAltered);
  return content;
}

export interface StoredAttachment {
  content: Buffer;
  hash: string | null;
  filename: string;
}

const attachmentColumns = {
  anexoFile: sentEmails.anexoFile,
  anexoHash: sentEmails.anexoHash,
  tipo: sentEmails.tipo,
  numero: sentEmails.numero,
};

/** A sent record's attachment read back and checked against its recorded code; 404 when it has none. */
async function storedAttachment(
  storage: Storage,
  row: { anexoFile: string | null; anexoHash: string | null; tipo: string; numero: string } | undefined,
): Promise<StoredAttachment> {
  if (!row?.anexoFile) throw notFound(MAIL_MSG.attachmentNotFound);
  return {
    content: await readAttachment(storage, row.anexoFile, row.anexoHash),
    hash: row.anexoHash,
    filename: attachmentName(row.tipo, row.numero),
  };
}

/** The attachment of one sent record, verified against the code recorded at send time. */
export async function attachmentOfRecord(deps: { db: Db; storage: Storage }, id: number): Promise<StoredAttachment> {
  const [row] = await deps.db.select(attachmentColumns).from(sentEmails).where(eq(sentEmails.id, id)).limit(1);
  return storedAttachment(deps.storage, row);
}

/** GET /api/sendmail/anexo/{tipo}/{numero}: the attachment of the latest message sent for that document. */
export async function latestAttachment(
  deps: { db: Db; storage: Storage },
  tipo: string,
  numero: string,
): Promise<StoredAttachment> {
  const [row] = await deps.db
    .select(attachmentColumns)
    .from(sentEmails)
    .where(and(eq(sentEmails.tipo, tipo), eq(sentEmails.numero, numero), sql`${sentEmails.anexoFile} is not null`))
    .orderBy(desc(sentEmails.dataEnvio), desc(sentEmails.id))
    .limit(1);
  return storedAttachment(deps.storage, row);
}
