/** Pictures made by the tests themselves: plain photos and signatures of a chosen size, and phone-like photos. */
import sharp from 'sharp';
import { randomWords } from '../random';

export function samplePng(width = 600, height = 250) {
  return sharp({ create: { width, height, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
    .png()
    .toBuffer();
}

export function sampleJpeg(width = 3000, height = 2000) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

export async function jpegPhoto(width = 320, height = 180, color = { r: 30, g: 120, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * A photo that compresses like a phone's (a 1920x1080 one is about 650 KB): soft colour regions
 * with local detail, then sensor grain on every pixel, JPEG quality 90. Made from random pixels
 * of `seed`, so every run gets the same bytes. jpegPhoto()'s single colour makes a few KB and
 * would understate the size and time of a document with photos.
 */
export async function realisticPhoto(seed = 1, width = 1920, height = 1080): Promise<Buffer> {
  const next = randomWords(seed);
  const unit = () => next() / 4294967296;
  // The scene at 1/8 of the size: a dozen soft blobs of colour, with blotchy detail on top.
  const cw = Math.max(2, Math.round(width / 8));
  const ch = Math.max(2, Math.round(height / 8));
  const blobs = Array.from({ length: 12 }, () => ({
    x: unit() * cw,
    y: unit() * ch,
    r2: (4 + (unit() * cw) / 3) ** 2,
    rgb: [unit() * 255, unit() * 255, unit() * 255],
  }));
  const scene = Buffer.alloc(cw * ch * 3);
  for (let y = 0, i = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      let weight = 0.02;
      const acc = [128 * weight, 128 * weight, 128 * weight];
      for (const b of blobs) {
        const w = Math.exp((-2 * ((x - b.x) ** 2 + (y - b.y) ** 2)) / b.r2);
        weight += w;
        for (let c = 0; c < 3; c++) acc[c]! += b.rgb[c]! * w;
      }
      const blotch = (unit() - 0.5) * 60;
      for (let c = 0; c < 3; c++, i++) scene[i] = Math.max(0, Math.min(255, acc[c]! / weight + blotch + (unit() - 0.5) * 20));
    }
  }
  const pixels = await sharp(scene, { raw: { width: cw, height: ch, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  // Grain of +-16 levels, four samples per random word.
  const words = new Uint32Array(Math.ceil(pixels.length / 4));
  for (let i = 0; i < words.length; i++) words[i] = next();
  const grain = new Uint8Array(words.buffer);
  for (let i = 0; i < pixels.length; i++) {
    const v = pixels[i]! + ((grain[i]! - 128) >> 3);
    pixels[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function pngSignature(): Promise<Buffer> {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="250"><path d="M20 200 C 120 20, 220 240, 320 80 S 520 200, 580 60" stroke="black" stroke-width="3" fill="none"/></svg>',
  );
  return sharp(svg).png().toBuffer();
}
