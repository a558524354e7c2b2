import { MSG } from '@os/shared';
import sharp, { type Sharp } from 'sharp';
import { badRequest } from './errors';

/**
 * The one place where uploaded images meet the decoder (docs/rules.md#files): the size in pixels is
 * read from the header before anything is decoded, and decoding is bounded so that parallel uploads
 * keep the server within its memory budget (docs/rules.md#performance-budgets).
 */

/** The most pixels an uploaded image may have (40 megapixels: a phone photo has 12 to 50, most under 40). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** How many images are decoded at once in the process; the others wait their turn. */
export const DECODE_SLOTS = 2;

// One libvips thread per image (two images at a time already use both cores of a small server), and a
// small operation cache: each upload is a different image, a cache of decoded pixels only holds memory.
sharp.concurrency(1);
sharp.cache({ memory: 16, files: 0, items: 20 });

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `work` (sharp work on an uploaded image) when one of DECODE_SLOTS is free. Never call it
 * from inside another imageWork: the inner call would wait for a slot its caller holds.
 */
export async function imageWork<T>(work: () => Promise<T>): Promise<T> {
  if (running < DECODE_SLOTS) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** sharp on an uploaded image: a damaged file fails, and nothing over MAX_IMAGE_PIXELS is ever decoded. */
export function openImage(data: Buffer): Sharp {
  return sharp(data, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
}

/**
 * 400 'Imagem grande demais: até 40 megapixels.' for an image over MAX_IMAGE_PIXELS, from the
 * dimensions in its header (sharp's metadata() decodes no pixels). What sharp cannot read passes:
 * the route's own type check refuses it.
 */
export async function refuseHugeImage(data: Buffer, field?: string): Promise<void> {
  let pixels: number;
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    return;
  }
  if (pixels > MAX_IMAGE_PIXELS) throw badRequest(MSG.imageTooManyPixels, field);
}
