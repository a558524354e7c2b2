/**
 * Orders for the tests and benchmarks, inserted straight into the tables: a bare order
 * (createOrder) or one with every kind of record, as the documents and the closing print them
 * (createOrderFixture).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import {
  auditLog,
  companies,
  descriptions,
  expenses,
  expenseTypes,
  orders,
  outboundTrips,
  returnTrips,
  serviceEntries,
  signatures,
} from '../../src/db/schema';
import { type Storage, storedName } from '../../src/platform/storage';
import { uniqueDigits } from '../random';
import { createClient } from './clients';
import { jpegPhoto, pngSignature, realisticPhoto } from './images';

/** The client the printed documents show (accents and an ampersand on purpose). */
export const PDF_CLIENT = {
  razao: 'Indústria São João Ação & Cia',
  cidade: 'Jundiaí',
  estado: 'SP',
  contato: 'José Conceição',
} as const;

export async function createOrder(
  db: Db,
  values: { technicianId: number | null; status?: (typeof orders.$inferInsert)['status']; responsavel?: string },
) {
  const client = await createClient(db);
  const [row] = await db
    .insert(orders)
    .values({
      numero: Number(uniqueDigits().slice(-8)),
      data: '2026-11-20',
      clientId: client.id,
      responsavel: values.responsavel ?? 'Maria Cliente',
      cidade: 'Campinas',
      technicianId: values.technicianId,
      equipamento: 'Transformador',
      nrPeca: 'P-100',
      nrSerie: 'S-200',
      motivo: 'Manutenção preventiva',
      status: values.status ?? 'Aberto',
    })
    .returning();
  return { ...row!, client };
}

export async function orderStatus(db: Db, id: number) {
  const [row] = await db.select({ status: orders.status, endDate: orders.endDate }).from(orders).where(eq(orders.id, id));
  return row!;
}

export async function auditOf(db: Db, orderId: number) {
  return db.select().from(auditLog).where(eq(auditLog.orderId, orderId));
}

/**
 * The fixture's order number: 42 for a file's first fixture, then the next, read from the file's own database (a
 * counter in this module would carry over from one test file to the next in the same worker).
 */
async function nextNumero(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`greatest(coalesce(max(${orders.numero}), 0), 41)::int + 1` }).from(orders);
  return row!.n;
}

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

async function expenseTypeId(db: Db, despesa: string): Promise<number> {
  const all = await db.select().from(expenseTypes);
  const match = all.find((t) => t.despesa === despesa);
  if (match) return match.id;
  const [row] = await db.insert(expenseTypes).values({ despesa }).returning();
  return row!.id;
}

/** An order with the docs/rules.md#hours-and-closing example day, both trips, expenses, descriptions and a signature unless told otherwise. */
export async function createOrderFixture(db: Db, storage: Storage, opts: FixtureOptions = {}) {
  await ensureCompany(db);
  const clientId = opts.clientId ?? (await createClient(db, { ...PDF_CLIENT, percentual: opts.percentual ?? '1.35' })).id;
  const numero = await nextNumero(db);
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
