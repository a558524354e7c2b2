/**
 * Test factory for the field modules: clients and orders inserted straight with Drizzle (the
 * orders module is built elsewhere), plus a multipart body builder and sample images.
 * Imported by the *.test.ts files of timesheet, descriptions, signatures, uploads, lancamentos.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { auditLog, clients, orders } from '../../db/schema';

let seq = 0;
const unique = () => `${Date.now() % 1_000_000}${++seq}${randomBytes(2).readUInt16BE(0)}`;

export async function createClient(db: Db, razao = `Cliente ${unique()}`) {
  const n = unique();
  const [row] = await db
    .insert(clients)
    .values({ codigo: Number(n.slice(-8)), razao, cnpj: n.padStart(14, '7').slice(-14), cidade: 'Campinas' })
    .returning();
  return row!;
}

export async function createOrder(
  db: Db,
  values: { technicianId: number | null; status?: (typeof orders.$inferInsert)['status']; responsavel?: string },
) {
  const client = await createClient(db);
  const [row] = await db
    .insert(orders)
    .values({
      numero: Number(unique().slice(-8)),
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

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }) {
  const boundary = `----field${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

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
