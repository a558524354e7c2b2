import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../test/s3';
import { preparePhoto } from './files';
import { createLocalStorage, createS3Storage, isStorageKey, type Storage, storedName } from './storage';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'os-storage-'));
let s3: Awaited<ReturnType<typeof startS3>>;
const kinds: Record<string, Storage> = { 'local disk': createLocalStorage(dir) };
beforeAll(async () => {
  s3 = await startS3();
  kinds['S3 bucket'] = createS3Storage(s3.settings);
});
afterAll(async () => {
  kinds['S3 bucket']?.close?.();
  await s3?.stop();
});

describe.each(['local disk', 'S3 bucket'])('storage on the %s', (kind) => {
  const storage = () => kinds[kind]!;

  it('writes, reads, streams, lists and removes a file by key', async () => {
    const key = await storage().put('uploads', Buffer.from('conteúdo'), storedName('imagem', 'jpg'));
    expect(key).toMatch(/^uploads\/imagem_\d{14}_[0-9a-f]{8}\.jpg$/);
    expect((await storage().read(key)).toString()).toBe('conteúdo');
    expect(await storage().exists(key)).toBe(true);
    expect(await storage().list('uploads')).toContain(key);
    const chunks: Buffer[] = [];
    for await (const c of await storage().stream(key)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('conteúdo');
    await storage().remove(key);
    await expect(storage().read(key)).rejects.toThrow();
    expect(await storage().exists(key)).toBe(false);
    expect(await storage().list('uploads')).not.toContain(key);
    await storage().remove(key); // removing again: nothing happens
  });

  it('stores a stream byte for byte', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    bytes.write('início', 0);
    const key = await storage().put('pdfs', Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), 'os_00042.pdf');
    expect((await storage().read(key)).equals(bytes)).toBe(true);
  });

  it.each([
    'uploads/../secret',
    'uploads/..',
    '../uploads/x.jpg',
    'uploads/a/b.jpg',
    'etc/passwd',
    'uploads/x%2F..',
    'uploads/\0x',
    'uploads/.hidden',
  ])('refuses the key %s', async (key) => {
    expect(isStorageKey(key)).toBe(false);
    await expect(storage().read(key)).rejects.toThrow();
    await expect(storage().stream(key)).rejects.toThrow();
    await expect(storage().remove(key)).rejects.toThrow();
    expect(await storage().exists(key)).toBe(false);
  });
});

describe('photos', () => {
  it('reduces a large photo to 1920 px on the long side, as JPEG', async () => {
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const out = await preparePhoto(big);
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(1920);
  });

  it('refuses a file that only claims to be an image (415) and one too large (413)', async () => {
    await expect(preparePhoto(Buffer.from('%PDF-1.4 not an image'))).rejects.toMatchObject({ statusCode: 415 });
    await expect(preparePhoto(Buffer.alloc(11 * 1024 * 1024))).rejects.toMatchObject({ statusCode: 413 });
  });
});
