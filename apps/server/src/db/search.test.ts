// docs/rules.md#daily-use: search ignores accents and case on every list; the order search also
// matches the city, the serial number and the technician's name.
import type { Client, Order, SentEmail } from '@os/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, ctx, useFileApp } from '../../test/file-app';
import { clients, orders, sentEmails } from './schema';

useFileApp();

let orderId: number;

beforeAll(async () => {
  const tec = await ctx.createUser('tec', 'zeca_tec', 'José Conceição Araújo');
  const [client] = await ctx.db
    .insert(clients)
    .values({ codigo: 880_001, razao: 'Agropecuária Sertão Verde', fantasia: 'Açaí do Pará', cnpj: '11444777000161' })
    .returning();
  await ctx.db.insert(clients).values({ codigo: 880_002, razao: 'Outra Empresa Ltda', cnpj: '11444777000242' });
  const [order] = await ctx.db
    .insert(orders)
    .values({
      numero: 88_123,
      data: '2026-11-10',
      clientId: client!.id,
      cidade: 'São José do Egito',
      nrSerie: 'SÉRIE-ÇX-77',
      technicianId: tec.id,
    })
    .returning();
  orderId = order!.id;
  await ctx.db.insert(sentEmails).values([
    {
      tipo: 'Ordem de Serviço',
      numero: '88123',
      email: 'a@a.com',
      nomeCliente: 'Agropecuária Sertão Verde',
      usuario: 'admin',
      subject: 's',
      status: 'Enviado',
    },
    {
      tipo: 'Ordem de Serviço',
      numero: '1',
      email: 'b@b.com',
      nomeCliente: 'Outra Empresa Ltda',
      usuario: 'joão',
      subject: 's',
      status: 'Enviado',
    },
  ]);
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });

describe('accent- and case-insensitive search', () => {
  it("orders: 'sertao' finds 'Sertão'; city, serial number and technician match too", async () => {
    for (const q of ['sertao', 'SERTÃO', 'sao jose do egito', 'serie-cx', 'conceicao', 'JOSE CONCEIÇÃO', 'zeca_tec', '88123']) {
      const res = await get(`/api/os?q=${encodeURIComponent(q)}&limit=50`);
      expect(res.statusCode, q).toBe(200);
      expect(
        res.json<Order[]>().map((o) => o.id),
        q,
      ).toContain(orderId);
    }
    const none = await get(`/api/os?q=${encodeURIComponent('sertanejo')}&limit=50`);
    expect(none.json<Order[]>()).toEqual([]);
  });

  it("the report's client filter ignores accents too", async () => {
    const res = await get(`/api/os/filtrado?cliente=${encodeURIComponent('agropecuaria sertao')}&limit=50`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Order[]>().map((o) => o.id)).toEqual([orderId]);
  });

  it("clients: 'sertao' and the trade name 'acai do para' find the client, not the others", async () => {
    for (const search of ['sertao', 'SERTÃO VERDE', 'acai do para']) {
      const res = await get(`/api/clientes?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<Client[]>().map((c) => c.razao)).toEqual(['Agropecuária Sertão Verde']);
    }
  });

  it('sent e-mails: client and user filters ignore accents and case', async () => {
    const byClient = await get(`/api/sendmail/emails?nomeCliente=${encodeURIComponent('sertao')}`);
    expect(byClient.statusCode).toBe(200);
    expect(byClient.json<SentEmail[]>().map((e) => e.nomeCliente)).toEqual(['Agropecuária Sertão Verde']);
    const byUser = await get(`/api/sendmail/emails?usuario=${encodeURIComponent('JOAO')}`);
    expect(byUser.json<SentEmail[]>().map((e) => e.email)).toEqual(['b@b.com']);
  });

  it("typed '%' and '_' are literal, not wildcards", async () => {
    const res = await get(`/api/clientes?search=${encodeURIComponent('%_%')}`);
    expect(res.json<Client[]>()).toEqual([]);
  });
});
