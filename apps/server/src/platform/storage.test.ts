import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { preparePhoto } from './files';
import { createLocalStorage, storedName } from './storage';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'os-storage-'));
const storage = createLocalStorage(dir);

describe('storage', () => {
  it('writes, reads and removes a file by key', async () => {
    const key = await storage.put('uploads', Buffer.from('conteúdo'), storedName('imagem', 'jpg'));
    expect(key).toMatch(/^uploads\/imagem_\d{14}_[0-9a-f]{8}\.jpg$/);
    expect((await storage.read(key)).toString()).toBe('conteúdo');
    await storage.remove(key);
    await expect(storage.read(key)).rejects.toThrow();
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
  ])('refuses the key %s', (key) => {
    expect(storage.resolve(key)).toBeNull();
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
