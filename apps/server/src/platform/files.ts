import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './errors';
import { imageWork, openImage, refuseHugeImage } from './images';

export const MB = 1024 * 1024;

/** The real type of a file from its bytes, never from its name or the browser's claim. */
export async function sniffMime(data: Buffer): Promise<string | undefined> {
  return (await fileTypeFromBuffer(data))?.mime;
}

const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

/**
 * A photo ready to store (docs/architecture.md#chosen-parts, Images): orientation from EXIF applied, long side at
 * most 1920 px, metadata stripped, JPEG. Refuses what is not really an image (415), too big (413) or
 * over 40 megapixels (400, from its header, before decoding); decoded in one of the few slots of platform/images.ts.
 */
export async function preparePhoto(
  data: Buffer,
  {
    maxBytes = 10 * MB,
    tooLarge = 'A imagem é muito grande. Tamanho máximo: 10MB.',
    notImage = 'Envie uma imagem válida (JPG ou PNG).',
  } = {},
): Promise<Buffer> {
  if (data.length > maxBytes) throw new AppError(413, tooLarge);
  const mime = await sniffMime(data);
  if (!mime || !PHOTO_TYPES.has(mime)) throw new AppError(415, notImage);
  await refuseHugeImage(data);
  try {
    return await imageWork(() =>
      openImage(data)
        .rotate()
        .resize({ width: 1920, height: 1920, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer(),
    );
  } catch {
    throw new AppError(415, notImage);
  }
}
