import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Stored files behind four functions (ARCHITECTURE.md: an S3-compatible store would be a
 * second implementation). A key is '<area>/<name>'; names are made here, never by users.
 */
export const AREAS = ['uploads', 'uploadDocs', 'pdfs', 'outbox'] as const;
export type Area = (typeof AREAS)[number];

export interface Storage {
  /** Writes atomically (temp file + rename: a reader never sees half a file); answers the key. */
  put(area: Area, data: Buffer, name: string): Promise<string>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /** The absolute path of a key inside its area, or null for anything that would leave it. */
  resolve(key: string): string | null;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** A file name made of a prefix, the time (YYYYMMDDHHmmss, spec §9) and random bits. */
export function storedName(prefix: string, ext: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}_${stamp}_${randomBytes(4).toString('hex')}.${ext}`;
}

export function createLocalStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir);
  const resolve = (key: string): string | null => {
    const [area, name, ...rest] = key.split('/');
    if (rest.length || !area || !name || !(AREAS as readonly string[]).includes(area) || !SAFE_NAME.test(name)) return null;
    if (name.includes('..')) return null;
    const full = path.join(root, area, name);
    return full.startsWith(path.join(root, area) + path.sep) ? full : null;
  };
  const mustResolve = (key: string) => {
    const full = resolve(key);
    if (!full) throw new Error(`invalid storage key: ${key}`);
    return full;
  };
  return {
    async put(area, data, name) {
      const key = `${area}/${name}`;
      const full = mustResolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${randomBytes(4).toString('hex')}.tmp`;
      await fs.promises.writeFile(tmp, data);
      await fs.promises.rename(tmp, full);
      return key;
    },
    read: (key) => fs.promises.readFile(mustResolve(key)),
    async remove(key) {
      await fs.promises.rm(mustResolve(key), { force: true });
    },
    resolve,
  };
}
