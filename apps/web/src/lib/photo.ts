/** The longest side of a photo that leaves the phone (docs/rules.md#daily-use). */
export const PHOTO_LONG_SIDE = 1920;
/** What a reduced photo weighs at most: well under 1 MB on a weak signal. */
export const PHOTO_TARGET_BYTES = 900 * 1024;

const QUALITIES = [0.82, 0.72, 0.6, 0.5];

/** The size a `width`×`height` photo is drawn at: long side at most `longSide`, never enlarged. */
export function fitWithin(width: number, height: number, longSide = PHOTO_LONG_SIDE) {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** `foto.png` -> `foto.jpg`: the reduced photo is always a JPEG. */
export const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'foto'}.jpg`;

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/**
 * A photo as it leaves the phone (docs/rules.md#daily-use): long side at most 1920 px, JPEG, under
 * PHOTO_TARGET_BYTES (the quality steps down, then the size, until it fits). Drawn on a canvas from
 * createImageBitmap, which applies the photo's EXIF orientation. A file the browser cannot decode
 * (not an image, or a format it does not read) is answered as it came, for the form's own checks.
 */
export async function reducePhoto(file: File): Promise<File> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const isSmallJpeg =
      file.type === 'image/jpeg' && file.size <= PHOTO_TARGET_BYTES && Math.max(bitmap.width, bitmap.height) <= PHOTO_LONG_SIDE;
    if (isSmallJpeg) return file;
    let longSide = PHOTO_LONG_SIDE;
    let best: Blob | null = null;
    for (let round = 0; round < 4; round++) {
      const size = fitWithin(bitmap.width, bitmap.height, longSide);
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d');
      if (!context) return file;
      // A transparent PNG becomes a JPEG on white, not on black.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size.width, size.height);
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      for (const quality of QUALITIES) {
        const blob = await encode(canvas, quality);
        if (!blob) return file;
        if (!best || blob.size < best.size) best = blob;
        if (blob.size <= PHOTO_TARGET_BYTES) return new File([blob], jpegName(file.name), { type: 'image/jpeg' });
      }
      longSide = Math.round(longSide * 0.75);
    }
    return best ? new File([best], jpegName(file.name), { type: 'image/jpeg' }) : file;
  } finally {
    bitmap.close();
  }
}
