import sharp, { type Sharp } from 'sharp';
import { openImage } from './images';

/**
 * A receipt photo as Tesseract reads it best (docs/rules.md#receipts): taken in the field, the paper lies tilted
 * on a table, half in a shadow, its thermal ink faded. Each step below answers one of those: find the paper,
 * even out the light, straighten the lines, then grey text about 30 px high with its contrast stretched.
 */

interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

const raw = (g: Grey) => ({ raw: { width: g.width, height: g.height, channels: 1 as const } });

async function greyOf(image: Sharp): Promise<Grey> {
  const { data, info } = await image.greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Otsu's threshold: the grey level that best splits the pixels into two groups (paper and the rest). */
export function otsuThreshold(data: Uint8Array): number {
  const histogram = new Array<number>(256).fill(0);
  for (const v of data) histogram[v]!++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * histogram[i]!;
  let sumBelow = 0;
  let below = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    below += histogram[t]!;
    if (below === 0) continue;
    const above = total - below;
    if (above === 0) break;
    sumBelow += t * histogram[t]!;
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / above;
    const between = below * above * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** The ratio of a pixel to the paper's light at or above which it is paper, and at or below which it is ink. */
const PAPER_RATIO = 0.85;
const INK_RATIO = 0.45;

/**
 * The light falling on each point of the paper: a median over a small copy takes the paper's brightness and not
 * the thin strokes of the ink; each pixel divided by it reads the same in a shadow as in the light. The ratio is
 * then stretched: what is near the paper's light turns white (the grain of the paper, the last of a shadow), what
 * is well below it black, faded ink in between keeps its shades.
 */
async function evenLight(g: Grey): Promise<Grey> {
  const small = Math.max(8, Math.round(g.width / 8));
  // One resize per sharp pipeline (a second one replaces the first): shrink, filter, then grow in another.
  const shrunk = await greyOf(sharp(g.data, raw(g)).resize({ width: small }));
  const filtered = await greyOf(sharp(shrunk.data, raw(shrunk)).median(7).blur(1.5));
  // greyOf, not .raw(): a one-channel raw input comes out of a resize with three channels.
  const background = await greyOf(sharp(filtered.data, raw(filtered)).resize({ width: g.width, height: g.height, fit: 'fill' }));
  const out = Buffer.alloc(g.data.length);
  for (let i = 0; i < out.length; i++) {
    const ratio = g.data[i]! / Math.max(background.data[i]!, 24);
    out[i] =
      ratio >= PAPER_RATIO ? 255 : ratio <= INK_RATIO ? 0 : Math.round(((ratio - INK_RATIO) / (PAPER_RATIO - INK_RATIO)) * 255);
  }
  return { data: out, width: g.width, height: g.height };
}

/**
 * The tilt of the text lines, in degrees (up to ±16): the angle at which the ink's pixels, projected on the
 * vertical, stack into the sharpest rows. Measured on a copy about 700 px wide.
 */
export function textTilt(g: Grey): number {
  const threshold = Math.min(otsuThreshold(g.data), 200);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < g.height; y++)
    for (let x = 0; x < g.width; x++)
      if (g.data[y * g.width + x]! < threshold) {
        xs.push(x);
        ys.push(y);
      }
  if (xs.length < 50) return 0;
  const diagonal = Math.ceil(Math.hypot(g.width, g.height));
  const score = (degrees: number) => {
    const a = (degrees * Math.PI) / 180;
    const [sin, cos] = [Math.sin(a), Math.cos(a)];
    const rows = new Float64Array(2 * diagonal + 1);
    for (let i = 0; i < xs.length; i++) rows[Math.round(ys[i]! * cos - xs[i]! * sin) + diagonal]!++;
    let s = 0;
    for (let i = 1; i < rows.length; i++) s += (rows[i]! - rows[i - 1]!) ** 2;
    return s;
  };
  const search = (from: number, to: number, step: number) => {
    let best = from;
    let bestScore = -1;
    for (let d = from; d <= to + 1e-9; d += step) {
      const s = score(d);
      if (s > bestScore) [best, bestScore] = [d, s];
    }
    return best;
  };
  const coarse = search(-16, 16, 1);
  return Math.round(search(coarse - 1, coarse + 1, 0.2) * 10) / 10;
}

/** Less of the photo than this around the paper: a close-up, read whole. */
const CLOSE_UP_OUTSIDE = 0.1;

interface PaperMask {
  mask: Uint8Array;
  width: number;
  height: number;
  /** photo pixels per mask pixel */
  scale: number;
  /** The share of the photo around the paper (what is dark and reaches the photo's edge). */
  outside: number;
}

/**
 * The share of the mask that is dark and reaches its border: the table or the hand around the paper. The dark
 * places the border cannot reach are the paper's own (its text, its QR code).
 */
function outsideShare(mask: Uint8Array, width: number, height: number): number {
  const outside = new Uint8Array(mask.length);
  const queue: number[] = [];
  const reach = (i: number) => {
    if (!mask[i] && !outside[i]) {
      outside[i] = 1;
      queue.push(i);
    }
  };
  for (let x = 0; x < width; x++) {
    reach(x);
    reach((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    reach(y * width);
    reach(y * width + width - 1);
  }
  while (queue.length) {
    const i = queue.pop()!;
    const [x, y] = [i % width, Math.floor(i / width)];
    if (x > 0) reach(i - 1);
    if (x < width - 1) reach(i + 1);
    if (y > 0) reach(i - width);
    if (y < height - 1) reach(i + width);
  }
  return outside.reduce((sum, v) => sum + v, 0) / mask.length;
}

/**
 * A shadow across the photo, taken out: the plane that best fits the logarithm of the light (least squares over
 * a centred grid), divided out of every pixel. Paper and table darken together under it, so afterwards the paper
 * is brighter than the table everywhere and one split finds it.
 */
function withoutShadow(g: Grey): void {
  const [cx, cy] = [(g.width - 1) / 2, (g.height - 1) / 2];
  let [sxx, syy, sxy, sxl, syl] = [0, 0, 0, 0, 0];
  for (let y = 0; y < g.height; y++)
    for (let x = 0; x < g.width; x++) {
      const l = Math.log(g.data[y * g.width + x]! + 1);
      const [dx, dy] = [x - cx, y - cy];
      sxx += dx * dx;
      syy += dy * dy;
      sxy += dx * dy;
      sxl += dx * l;
      syl += dy * l;
    }
  const det = sxx * syy - sxy * sxy;
  if (det === 0) return;
  const slopeX = (sxl * syy - syl * sxy) / det;
  const slopeY = (syl * sxx - sxl * sxy) / det;
  for (let y = 0; y < g.height; y++)
    for (let x = 0; x < g.width; x++) {
      const i = y * g.width + x;
      g.data[i] = Math.min(255, Math.round(g.data[i]! / Math.exp(slopeX * (x - cx) + slopeY * (y - cy))));
    }
}

/** Light that differs by no more than this between neighbours of the small copy is the same surface. */
const SAME_SURFACE_STEP = 3;

/**
 * The paper's shaded parts the split left out: from the paper, on into each neighbour whose light differs by no
 * more than SAME_SURFACE_STEP; a shadow fades across the paper, while its edge against the table is a step.
 */
function growIntoShade(mask: Uint8Array, g: Grey): void {
  const queue: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) queue.push(i);
  const w = g.width;
  while (queue.length) {
    const i = queue.pop()!;
    const x = i % w;
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
      if (j < 0 || j >= mask.length || mask[j] || Math.abs(g.data[j]! - g.data[i]!) > SAME_SURFACE_STEP) continue;
      mask[j] = 1;
      queue.push(j);
    }
  }
}

/**
 * A mask of the paper at a small scale: bright after a blur that melts the ink into its paper and after the
 * shadow is taken out (Otsu's split), grown into the shade the split missed.
 */
async function paperMask(g: Grey): Promise<PaperMask> {
  const width = 240;
  const shrunk = await greyOf(sharp(g.data, raw(g)).resize({ width }));
  const copy = await greyOf(sharp(shrunk.data, raw(shrunk)).blur(2.5));
  withoutShadow(copy);
  const threshold = otsuThreshold(copy.data);
  let mask: Uint8Array = copy.data.map((v) => (v > threshold ? 1 : 0));
  growIntoShade(mask, copy);
  const outside = outsideShare(mask, width, copy.height);
  // Shrunk twice by a pixel: the paper's edge, in half-light, never counts as ink.
  for (let pass = 0; pass < 2; pass++) {
    const next = new Uint8Array(mask.length);
    for (let y = 1; y < copy.height - 1; y++)
      for (let x = 1; x < width - 1; x++) {
        const i = y * width + x;
        next[i] = mask[i]! & mask[i - 1]! & mask[i + 1]! & mask[i - width]! & mask[i + width]!;
      }
    mask = next;
  }
  return { mask, width, height: copy.height, scale: g.width / width, outside };
}

/**
 * The box around the paper; undefined when the paper is nearly the whole photo (a close-up: its large letters
 * stay dark after the blur and would be taken for the outside) or too small to be a receipt.
 */
function paperBox(m: PaperMask, g: Grey): { left: number; top: number; width: number; height: number } | undefined {
  if (m.outside < CLOSE_UP_OUTSIDE) return undefined;
  let [x0, y0, x1, y1] = [m.width, m.height, -1, -1];
  for (let y = 0; y < m.height; y++)
    for (let x = 0; x < m.width; x++)
      if (m.mask[y * m.width + x]) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  if (x1 < 0) return undefined;
  const [w, h] = [x1 - x0 + 1, y1 - y0 + 1];
  if (w * h > 0.95 * m.width * m.height || w < m.width * 0.15) return undefined;
  const margin = 4;
  const left = Math.max(0, Math.floor((x0 - margin) * m.scale));
  const top = Math.max(0, Math.floor((y0 - margin) * m.scale));
  return {
    left,
    top,
    width: Math.min(g.width - left, Math.ceil((w + 2 * margin) * m.scale)),
    height: Math.min(g.height - top, Math.ceil((h + 2 * margin) * m.scale)),
  };
}

/** What is not paper turns white: the table's grain and the paper's edge are no text. */
function whiteOutsidePaper(g: Grey, m: PaperMask, offset: { left: number; top: number }): void {
  for (let y = 0; y < g.height; y++) {
    const my = Math.min(m.height - 1, Math.floor((y + offset.top) / m.scale));
    for (let x = 0; x < g.width; x++) {
      const mx = Math.min(m.width - 1, Math.floor((x + offset.left) / m.scale));
      if (!m.mask[my * m.width + mx]) g.data[y * g.width + x] = 255;
    }
  }
}

/** A grey image as a PGM file (netpbm P5): Tesseract's image library reads it as is, with nothing to decode. */
function pgm(g: Grey): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${g.width} ${g.height}\n255\n`), g.data]);
}

/**
 * A receipt photo as Tesseract reads it best: upright, cut to the paper, even light (which also stretches the
 * contrast), straight lines, text ~30 px high. Handed over as PGM: a PNG would take ~100 ms to write and read.
 */
export async function prepareReceiptForOcr(data: Buffer): Promise<Buffer> {
  let g = await greyOf(openImage(data).rotate());
  const m = await paperMask(g);
  const box = paperBox(m, g);
  if (box) g = await greyOf(sharp(g.data, raw(g)).extract(box));
  g = await evenLight(g);
  if (box) whiteOutsidePaper(g, m, box);
  const probe = await greyOf(sharp(g.data, raw(g)).resize({ width: Math.min(700, g.width) }));
  const tilt = textTilt(probe);
  if (Math.abs(tilt) >= 0.5) g = await greyOf(sharp(g.data, raw(g)).rotate(-tilt, { background: '#ffffff' }));
  const long = Math.max(g.width, g.height);
  const target = long > 2000 ? 2000 : long < 1000 ? 1600 : long;
  if (target === long) return pgm(g);
  return pgm(await greyOf(sharp(g.data, raw(g)).resize(g.width >= g.height ? { width: target } : { height: target })));
}

/**
 * The part of the photo that is paper (labels, pages): brighter than what it lies on. Found on a small
 * thresholded copy, then cut from the full photo with a margin. The whole photo when unsure.
 */
async function cropToPaper(upright: Buffer, width: number, height: number): Promise<Buffer> {
  const small = 480;
  const scale = width / small;
  const mask = await sharp(upright).resize({ width: small }).greyscale().blur(2).threshold(170).png().toBuffer();
  const { info } = await sharp(mask).trim({ threshold: 40 }).toBuffer({ resolveWithObject: true });
  const left = -(info.trimOffsetLeft ?? 0);
  const top = -(info.trimOffsetTop ?? 0);
  if (info.width * info.height > 0.85 * small * (height / scale) || info.width < small * 0.15) return upright;
  const margin = 12;
  const x = Math.max(0, Math.floor((left - margin) * scale));
  const y = Math.max(0, Math.floor((top - margin) * scale));
  const w = Math.min(width - x, Math.ceil((info.width + 2 * margin) * scale));
  const h = Math.min(height - y, Math.ceil((info.height + 2 * margin) * scale));
  return sharp(upright).extract({ left: x, top: y, width: w, height: h }).toBuffer();
}

/**
 * Any photo of text (an equipment label, a page) as Tesseract reads it best: EXIF orientation applied, cut to
 * the paper, grey, text about 30 px high (long side 1000-2000 px), contrast stretched and sharpened.
 */
export async function prepareTextForOcr(data: Buffer): Promise<Buffer> {
  const { data: upright, info } = await openImage(data).rotate().toBuffer({ resolveWithObject: true });
  let paper: Buffer = upright;
  try {
    paper = await cropToPaper(upright, info.width, info.height);
  } catch {
    // keep the whole photo
  }
  const meta = await sharp(paper).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  const long = Math.max(w, h);
  const target = long > 2000 ? 2000 : long < 1000 ? 1600 : long;
  const resize = w >= h ? { width: target } : { height: target };
  return sharp(paper).greyscale().resize(resize).normalise().sharpen().png({ compressionLevel: 1 }).toBuffer();
}
