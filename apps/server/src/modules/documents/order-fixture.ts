/**
 * Test and benchmark data for documents and closing: an order with every kind of record, written
 * straight into the tables (the screens that make them belong to other modules).
 */
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import {
  clients,
  companies,
  descriptions,
  expenses,
  expenseTypes,
  orders,
  outboundTrips,
  returnTrips,
  serviceEntries,
  signatures,
} from '../../db/schema';
import { type Storage, storedName } from '../../platform/storage';

export async function jpegPhoto(width = 320, height = 180, color = { r: 30, g: 120, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Deterministic 32-bit pseudo-random words (mulberry32): the same seed, the same photo. */
function randomWords(seed: number) {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
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

let nextNumero = 42;

export interface FixtureOptions {
  clientId?: number;
  percentual?: string;
  status?: 'Aberto' | 'Andamento' | 'Concluído' | 'Fechado';
  technicianId?: number | null;
  services?: { dataservico: string; entrada: string; saida: string; intervaloMin: number; feriado?: boolean }[];
  trips?: { ida: { duracaoMin: number; km: string }; volta: { duracaoMin: number; km: string } };
  expenses?: { tipo: string; valorCentavos: number; descricao?: string }[];
  descriptions?: string[];
  /** false: no photos; a number: only the first N descriptions/expenses get one; default: all. */
  photos?: boolean | number;
  /** Outbound and return trips logged this many times each (default 1). */
  tripRows?: number;
  photoSize?: [number, number];
  /** Photos made by realisticPhoto() (phone-like size) instead of jpegPhoto()'s single colour. */
  realisticPhotos?: boolean;
  signature?: boolean;
}

export async function ensureCompany(db: Db) {
  const [existing] = await db.select().from(companies).limit(1);
  if (existing) return existing;
  const [row] = await db
    .insert(companies)
    .values({ nome: 'Técnica Assistência Ltda', cnpj: '11222333000181', ie: '123.456.789.110' })
    .returning();
  return row!;
}

export async function createClient(db: Db, razao = 'Indústria São João Ação & Cia', percentual = '1.35') {
  const cnpj = String(randomInt(10 ** 13, 10 ** 14 - 1));
  const [row] = await db
    .insert(clients)
    .values({
      codigo: randomInt(1, 2 ** 31 - 1),
      razao,
      cnpj,
      cidade: 'Jundiaí',
      estado: 'SP',
      percentual,
      contato: 'José Conceição',
    })
    .returning();
  return row!;
}

async function expenseTypeId(db: Db, despesa: string): Promise<number> {
  const all = await db.select().from(expenseTypes);
  const match = all.find((t) => t.despesa === despesa);
  if (match) return match.id;
  const [row] = await db.insert(expenseTypes).values({ despesa }).returning();
  return row!.id;
}

/** An order with the DECISIONS.md §6 example day, both trips, expenses, descriptions and a signature unless told otherwise. */
export async function createOrderFixture(db: Db, storage: Storage, opts: FixtureOptions = {}) {
  await ensureCompany(db);
  const clientId = opts.clientId ?? (await createClient(db, undefined, opts.percentual)).id;
  const numero = nextNumero++;
  const [order] = await db
    .insert(orders)
    .values({
      numero,
      data: '2026-11-02',
      clientId,
      responsavel: 'Maria Conceição',
      cidade: 'Jundiaí',
      technicianId: opts.technicianId ?? null,
      equipamento: 'Compressor XR-200',
      nrPeca: 'P-778',
      nrSerie: 'S-12345',
      motivo: 'Manutenção corretiva',
      status: opts.status ?? 'Concluído',
    })
    .returning();
  const orderId = order!.id;
  const photoLimit = opts.photos === false ? 0 : typeof opts.photos === 'number' ? opts.photos : Number.POSITIVE_INFINITY;
  let photosMade = 0;
  const photo = async (i: number) => {
    if (photosMade >= photoLimit) return null;
    photosMade++;
    const [w, h] = opts.photoSize ?? [320, 180];
    const data = opts.realisticPhotos
      ? await realisticPhoto(i + 1, w, h)
      : await jpegPhoto(w, h, { r: (i * 40) % 255, g: 120, b: 200 });
    return storage.put('uploads', data, storedName('foto', 'jpg'));
  };

  const services = opts.services ?? [{ dataservico: '2026-11-03', entrada: '07:00', saida: '20:00', intervaloMin: 60 }];
  for (const s of services) {
    const duracaoMin = Math.max(0, clock(s.saida) - clock(s.entrada) - s.intervaloMin);
    await db.insert(serviceEntries).values({
      orderId,
      dataservico: s.dataservico,
      feriado: s.feriado ?? false,
      entradaservico: s.entrada,
      saidaservico: s.saida,
      intervaloMin: s.intervaloMin,
      duracaoMin,
    });
  }
  const trips = opts.trips ?? { ida: { duracaoMin: 90, km: '123.4' }, volta: { duracaoMin: 75, km: '100.1' } };
  for (let r = 0; r < (opts.tripRows ?? 1); r++) {
    await db.insert(outboundTrips).values({
      orderId,
      dataida: '2026-11-03',
      saidaida: '05:00',
      chegadaida: minutesToClock(300 + trips.ida.duracaoMin),
      duracaoMin: trips.ida.duracaoMin,
      kmida: trips.ida.km,
      obsida: 'Saída da base',
    });
    await db.insert(returnTrips).values({
      orderId,
      datavolta: '2026-11-03',
      saidavolta: '20:30',
      chegadavolta: minutesToClock(1230 + trips.volta.duracaoMin),
      tempoEsperaMin: 0,
      duracaoMin: trips.volta.duracaoMin,
      kmvolta: trips.volta.km,
      obsvolta: 'Retorno à base',
    });
  }
  const texts = opts.descriptions ?? [
    'Troca do rolamento do eixo principal; lubrificação e testes de pressão.',
    'Calibração concluída às 19h, equipamento em operação.',
  ];
  let i = 0;
  for (const descricao of texts) {
    await db.insert(descriptions).values({ orderId, data: '2026-11-03', descricao, imagem: await photo(i++) });
  }
  const exp = opts.expenses ?? [
    { tipo: 'Hospedagem', valorCentavos: 25000 },
    { tipo: 'Alimentação', valorCentavos: 4550 },
    { tipo: 'Alimentação', valorCentavos: 3210 },
  ];
  for (const e of exp) {
    await db.insert(expenses).values({
      orderId,
      data: '2026-11-03',
      docnr: `NF-${1000 + i}`,
      valorCentavos: e.valorCentavos,
      descricao: e.descricao ?? `Despesa de ${e.tipo.toLowerCase()} na viagem`,
      observacao: '',
      expenseTypeId: await expenseTypeId(db, e.tipo),
      imagem: await photo(i++),
    });
  }
  if (opts.signature !== false) {
    const key = await storage.put('uploads', await pngSignature(), storedName('assinatura', 'png'));
    await db
      .insert(signatures)
      .values({ orderId, imagem: key, signerName: 'Maria Conceição', signedAt: new Date('2026-11-03T23:10:00Z') });
  }
  return { order: order!, clientId };
}

function clock(t: string) {
  const [h, m] = t.split(':').map(Number);
  return h! * 60 + m!;
}
function minutesToClock(min: number) {
  const m = min % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
