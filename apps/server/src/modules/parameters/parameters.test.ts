import { REGISTER_MSG } from '@os/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, ctx, headersAs, useFileApp } from '../../../test/file-app';
import { auditLog, systemParameters } from '../../db/schema';

useFileApp();

describe('system parameters API', () => {
  it('lists the seeded bands with HH:mm times and valor in reais', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/configuracoes', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(
      expect.objectContaining({ tipo: 'Hora Normal', inicio: '08:00', fim: '18:00', valor: 120 }),
    );
    expect(res.json()).toContainEqual(expect.objectContaining({ tipo: 'Km Rodado', valor: 1.5 }));
  });

  it('updates times and valor (comma accepted), keeps tipo, stores centavos and audits', async () => {
    const [band] = await ctx.db.select().from(systemParameters).where(eq(systemParameters.tipo, 'Hora Extra'));
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/configuracoes/${band!.id}`,
      headers: { cookie: admin },
      payload: { id: band!.id, tipo: 'Outro nome', inicio: '18:30', fim: '22:00', valor: '187,45' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: band!.id, tipo: 'Hora Extra', inicio: '18:30', fim: '22:00', valor: 187.45 });
    const [stored] = await ctx.db.select().from(systemParameters).where(eq(systemParameters.id, band!.id));
    expect(stored?.valorCentavos).toBe(18745);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'system_parameter'), eq(auditLog.entityId, band!.id)));
    expect(audit?.changes).toMatchObject({ inicio: { antes: '18:00', depois: '18:30' }, valor: { antes: 180, depois: 187.45 } });
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/configuracoes/9999',
      headers: { cookie: admin },
      payload: { inicio: '08:00', fim: '09:00', valor: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it.each([
    ['inicio', { inicio: '25:00' }, 'Inicio: informe a hora no formato HH:mm, como 08:30.'],
    ['fim', { fim: '8h' }, 'Fim: informe a hora no formato HH:mm, como 08:30.'],
    ['valor', { valor: -1 }, REGISTER_MSG.valorInvalid],
    ['valor', { valor: 1.234 }, REGISTER_MSG.valorInvalid],
    ['valor', { valor: 'dez' }, REGISTER_MSG.valorInvalid],
  ])('refuses a bad %s with 400 and changes nothing', async (field, over, message) => {
    const [band] = await ctx.db.select().from(systemParameters).where(eq(systemParameters.tipo, 'Hora Normal'));
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/configuracoes/${band!.id}`,
      headers: { cookie: admin },
      payload: { inicio: '07:00', fim: '17:00', valor: 130, ...over },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().error).toContain(message);
    const [after] = await ctx.db.select().from(systemParameters).where(eq(systemParameters.id, band!.id));
    expect(after).toEqual(band);
  });

  it.each(['none', 'tec', 'user'] as const)('as %s both routes are refused and nothing changes', async (who) => {
    const headers = headersAs(who);
    const [band] = await ctx.db.select().from(systemParameters).where(eq(systemParameters.tipo, 'Hora Viagem'));
    const get = await ctx.app.inject({ method: 'GET', url: '/api/configuracoes', headers });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/configuracoes/${band!.id}`,
      headers,
      payload: { inicio: '01:00', fim: '02:00', valor: 1 },
    });
    expect([get.statusCode, put.statusCode]).toEqual(who === 'none' ? [401, 401] : [403, 403]);
    const [after] = await ctx.db.select().from(systemParameters).where(eq(systemParameters.id, band!.id));
    expect(after).toEqual(band);
  });
});
