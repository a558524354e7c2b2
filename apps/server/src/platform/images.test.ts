import { MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../test/factories/orders';
import { createSignedInContact } from '../../test/factories/portal';
import { admin, ctx as t, useFileApp } from '../../test/file-app';
import { type FilePart, multipart, postMultipart } from '../../test/multipart';
import { serviceRequestPhotos } from '../db/schema';
import { MAX_IMAGE_PIXELS } from './images';

useFileApp();

/**
 * An image over 40 megapixels is refused from its header, before anything decodes it, on every
 * route that takes photos (platform/images.ts, docs/rules.md#files), and five requests of five such
 * photos at once keep the server within its memory budget (docs/rules.md#performance-budgets: 450 MB
 * after load, 300 MB at idle, as `npm run bench memory` measures the real server). Measured in-process
 * (app.inject runs the server in this very process, which the files before this one have grown), so what is
 * asserted is what the requests add: at most the 150 MB between the idle figure and the budget.
 */

const MB = 1024 * 1024;
const GROWTH_BUDGET = (450 - 300) * MB;

/** A single-colour PNG of that size: libvips writes it line by line, zlib makes it small. */
const plainPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

let huge: Buffer;
let orderId: number;
let portal: string;

beforeAll(async () => {
  huge = await plainPng(16_000, 16_000);
  orderId = (await createOrder(t.db, { technicianId: null })).id;
  portal = (await createSignedInContact(t.db)).cookie;
}, 60_000);

const photo = (field: string, data: Buffer, i = 0): FilePart => ({ field, name: `foto${i}.png`, type: 'image/png', data });

function describeWith(data: Buffer) {
  const body = multipart(
    { data: '2026-11-21', descricao: 'Troca do rolamento do eixo principal', osnumber: String(orderId) },
    photo('imagem', data),
  );
  return postMultipart(t.app, '/api/descricao/', admin, body);
}

function askForServiceWith(photos: Buffer[]) {
  const body = multipart(
    { motivo: 'Máquina parada', urgencia: 'Alta', contato: 'Marta', fone: '11 99999-0000' },
    ...photos.map((data, i) => photo('fotos', data, i)),
  );
  return postMultipart(t.app, '/api/portal/solicitacoes', portal, body);
}

/** Runs `work` while sampling the process's resident memory every 10 ms; answers the highest seen. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

async function storedDescriptions(): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/descricao/${orderId}`, headers: { cookie: admin } });
  return res.json().length;
}

describe('images over 40 megapixels', () => {
  it('16000x16000 PNGs of a few hundred KB, five requests of five at once: 400 each, memory within budget', async () => {
    expect(huge.length).toBeLessThan(2 * MB);
    const before = process.memoryUsage().rss;
    const { result, peak } = await peakRss(() =>
      Promise.all([
        ...Array.from({ length: 5 }, () => askForServiceWith(Array(5).fill(huge))),
        ...Array.from({ length: 5 }, () => describeWith(huge)),
      ]),
    );
    for (const [i, res] of result.entries()) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: MSG.imageTooManyPixels, field: i < 5 ? 'fotos' : 'imagem' });
    }
    console.info(`RSS ${Math.round(before / MB)} MB before, ${Math.round(peak / MB)} MB at the peak`);
    expect(peak - before).toBeLessThan(100 * MB);
    // Nothing stored by a refusal.
    expect(await storedDescriptions()).toBe(0);
    const requests = await t.app.inject({ method: 'GET', url: '/api/portal/solicitacoes', headers: { cookie: portal } });
    expect(requests.headers['x-total-count']).toBe('0');
  }, 60_000);

  it('refuses 41 megapixels and accepts a 30-megapixel photo, stored at 1920 px', async () => {
    expect(8_000 * 5_125).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const over = await describeWith(await plainPng(8_000, 5_125));
    expect(over.json()).toEqual({ error: MSG.imageTooManyPixels, field: 'imagem' });
    expect(over.statusCode).toBe(400);

    const thirty = await plainPng(6_000, 5_000);
    const before = process.memoryUsage().rss;
    const { result: accepted, peak } = await peakRss(() => askForServiceWith([thirty]));
    expect(accepted.statusCode, accepted.body).toBe(201);
    console.info(`30 MP accepted: RSS ${Math.round(before / MB)} MB before, ${Math.round(peak / MB)} MB at the peak`);
    expect(peak - before).toBeLessThan(GROWTH_BUDGET);
    const requestId = (accepted.json() as { id: number }).id;
    const [first] = await t.db.select().from(serviceRequestPhotos).where(eq(serviceRequestPhotos.requestId, requestId));
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/portal/solicitacoes/${requestId}/fotos/${first!.id}`,
      headers: { cookie: portal },
    });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1920);
  }, 60_000);
});
