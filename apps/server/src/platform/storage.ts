import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { notFound } from './errors';

/**
 * Stored files, spoken of in keys and streams only (docs/architecture.md#growing-past-one-machine): a key is
 * '<area>/<name>', names are made here (storedName), never by users. Nothing outside this
 * module sees where or how a file is kept, so an object store (S3) is a second implementation
 * of this interface and nothing else changes.
 */
export const AREAS = ['uploads', 'uploadDocs', 'pdfs', 'outbox'] as const;
export type Area = (typeof AREAS)[number];

export interface Storage {
  /** Writes the whole file or nothing (a reader never sees half a file); answers its key. */
  put(area: Area, data: Buffer | Readable, name: string): Promise<string>;
  /** The file's bytes; rejects when the key is not a storage key or holds no file. */
  read(key: string): Promise<Buffer>;
  /** The file as a stream, for sending it on without holding it; rejects like read(). */
  stream(key: string): Promise<Readable>;
  /** Whether a file is stored under the key (false for anything that is not a storage key). */
  exists(key: string): Promise<boolean>;
  /** Removes the file; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Every key stored in an area, sorted (for backups). */
  list(area: Area): Promise<string[]>;
  /** Lets go of connections, if any. */
  close?(): void;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Whether `key` is '<area>/<name>' with a known area and a safe name (no path, no '..'): true for every key storedName() makes. */
export function isStorageKey(key: string): boolean {
  const [area, name, ...rest] = key.split('/');
  return (
    !rest.length &&
    !!area &&
    (AREAS as readonly string[]).includes(area) &&
    !!name &&
    SAFE_NAME.test(name) &&
    !name.includes('..')
  );
}

/** A file name made of a prefix, the time (YYYYMMDDHHmmss, docs/rules.md#constants) and random bits. */
export function storedName(prefix: string, ext: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}_${stamp}_${randomBytes(4).toString('hex')}.${ext}`;
}

/** A file still being written by put() (renamed to its name once whole). */
const PARTIAL = /\.[0-9a-f]{8}\.tmp$/;

/** Files under DATA_DIR/<area>/<name> (the default storage). */
export function createLocalStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir);
  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(area, data, name) {
      const key = `${area}/${name}`;
      const full = fileOf(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        if (Buffer.isBuffer(data)) await fs.promises.writeFile(tmp, data);
        else await pipeline(data, fs.createWriteStream(tmp));
        await fs.promises.rename(tmp, full);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
      return key;
    },
    read: async (key) => fs.promises.readFile(fileOf(key)),
    async stream(key) {
      const handle = await fs.promises.open(fileOf(key), 'r');
      return handle.createReadStream();
    },
    async exists(key) {
      if (!isStorageKey(key)) return false;
      return fs.promises
        .stat(fileOf(key))
        .then((s) => s.isFile())
        .catch(() => false);
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async list(area) {
      const dir = path.join(root, area);
      const names = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
      return names
        .filter((e) => e.isFile() && !PARTIAL.test(e.name) && isStorageKey(`${area}/${e.name}`))
        .map((e) => `${area}/${e.name}`)
        .sort();
    },
  };
}

/** S3_* settings (docs/architecture.md#growing-past-one-machine): a bucket on any S3-protocol store. */
export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

async function toBuffer(data: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(data)) return data;
  const chunks: Buffer[] = [];
  for await (const chunk of data) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const isMissingObject = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Files as objects '<area>/<name>' in one bucket. Every file stored is at most a few megabytes (uploads
 * are capped by platform/multipart.ts), so a stream is gathered and sent in one PUT, which S3 stores
 * whole or not at all: a reader never sees half a file, as with the local disk.
 */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 demands them: several S3-protocol stores refuse the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return key;
  };
  const get = async (key: string) => {
    const out = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
    if (!out.Body) throw new Error(`empty object: ${key}`);
    return out.Body;
  };
  return {
    async put(area, data, name) {
      const key = checked(`${area}/${name}`);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: await toBuffer(data) }));
      return key;
    },
    read: async (key) => Buffer.from(await (await get(key)).transformToByteArray()),
    stream: async (key) => (await get(key)) as Readable,
    async exists(key) {
      if (!isStorageKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissingObject(err)) return false;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async list(area) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${area}/`, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key && isStorageKey(o.Key)) keys.push(o.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    close: () => client.destroy(),
  };
}

/** The configured storage: the bucket when S3_BUCKET is set, else DATA_DIR on the local disk. */
export function createStorage(config: { dataDir: string; s3: S3Settings | undefined }): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir);
}

/**
 * A stored file's bytes; no key, or a file gone from storage, answers 404 (`message`, else the usual one)
 * like a missing record.
 */
export async function readOrNotFound(storage: Storage, key: string | null | undefined, message?: string): Promise<Buffer> {
  if (!key) throw notFound(message);
  try {
    return await storage.read(key);
  } catch {
    throw notFound(message);
  }
}
