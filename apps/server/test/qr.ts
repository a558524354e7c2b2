import jsQR from 'jsqr';
import sharp from 'sharp';

/** The texts of the QR codes a camera would read in an image: each found code is painted over and looked for again. */
export async function readQrCodes(png: Buffer, max = 20): Promise<string[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
  const found: string[] = [];
  for (let i = 0; i < max; i++) {
    const code = jsQR(pixels, info.width, info.height);
    if (!code) break;
    found.push(code.data);
    // Paint the code's box white so that the next search finds another one.
    const xs = [
      code.location.topLeftCorner.x,
      code.location.topRightCorner.x,
      code.location.bottomLeftCorner.x,
      code.location.bottomRightCorner.x,
    ];
    const ys = [
      code.location.topLeftCorner.y,
      code.location.topRightCorner.y,
      code.location.bottomLeftCorner.y,
      code.location.bottomRightCorner.y,
    ];
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)].map(Math.round) as [
      number,
      number,
      number,
      number,
    ];
    const m = Math.round((x1 - x0) * 0.1);
    for (let y = Math.max(0, y0 - m); y < Math.min(info.height, y1 + m); y++)
      for (let x = Math.max(0, x0 - m); x < Math.min(info.width, x1 + m); x++)
        pixels.fill(255, (y * info.width + x) * 4, (y * info.width + x) * 4 + 4);
  }
  return found;
}

/** A region of a PNG (pixels), as a new PNG. */
export function cropPng(png: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<Buffer> {
  return sharp(png).extract(region).png().toBuffer();
}
