import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { clients, orders, users } from '../src/db/schema';
import { createConsentingContact } from './factories/portal';
import type { TestContext } from './helper';
import { request } from './http';

let seq = 0;
const unique = () => `${Date.now() % 1_000_000}${++seq}${randomBytes(2).readUInt16BE(0)}`;

/** A client with a full address and contact, as the agenda e-mail and the map link use them. */
export async function createAddressedClient(db: Db, razao = `Usina Sertão ${unique()} Ltda`) {
  const n = unique();
  const [row] = await db
    .insert(clients)
    .values({
      codigo: Number(n.slice(-8)),
      razao,
      cnpj: n.padStart(14, '3').slice(-14),
      endereco: 'Rua das Flores, 120',
      bairro: 'Boa Vista',
      cidade: 'Recife',
      estado: 'PE',
      cep: '50050000',
      contato: 'Marta Lima',
      fone: '87999990000',
    })
    .returning();
  return row!;
}

/** An order inserted straight, optionally with a technician and a window ('YYYY-MM-DDTHH:mm'). */
export async function createPlannedOrder(
  db: Db,
  values: {
    technicianId?: number | null;
    status?: (typeof orders.$inferInsert)['status'];
    agendaInicio?: string | null;
    agendaFim?: string | null;
    clientId?: number;
    data?: string;
  } = {},
) {
  const clientId = values.clientId ?? (await createAddressedClient(db)).id;
  const [row] = await db
    .insert(orders)
    .values({
      numero: Number(unique().slice(-8)),
      data: values.data ?? '2026-11-20',
      clientId,
      responsavel: 'Marta Lima',
      cidade: 'Recife',
      technicianId: values.technicianId ?? null,
      equipamento: 'Inversor WEG',
      motivo: 'Inversor desarmando à tarde',
      status: values.status ?? 'Aberto',
      agendaInicio: values.agendaInicio ?? null,
      agendaFim: values.agendaFim ?? null,
    })
    .returning({ id: orders.id, numero: orders.numero, clientId: orders.clientId });
  return row!;
}

/** A planned order (createPlannedOrder) whose client has Marta Lima, consenting to WhatsApp at +5587999990000. */
export async function createOrderWithWhatsappContact(db: Db, values: Parameters<typeof createPlannedOrder>[1] = {}) {
  const order = await createPlannedOrder(db, values);
  const marta = await createConsentingContact(db, order.clientId);
  return { order, clientId: order.clientId, marta };
}

export async function deactivateUser(db: Db, id: number) {
  await db.update(users).set({ active: false }).where(eq(users.id, id));
}

/** A window within one day ('YYYY-MM-DD', 'HH:mm' to 'HH:mm') as PUT /api/os/{id}/agenda takes it. */
export const dayWindow = (date: string, from: string, to: string) => ({
  agendaInicio: `${date}T${from}`,
  agendaFim: `${date}T${to}`,
});

/** PUT /api/os/{id}/agenda with that session, expecting 200; the answer. */
export async function scheduleOk(app: TestContext['app'], cookie: string, id: number, body: Record<string, unknown>) {
  const res = await request(app, cookie, 'PUT', `/api/os/${id}/agenda`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
