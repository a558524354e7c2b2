import { describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/factories/orders';
import { ctx, useFileApp } from '../../../test/file-app';

useFileApp();

describe('GET /api/lancamentos', () => {
  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/lancamentos' })).statusCode).toBe(401);
  });

  it('gives a tec their own orders that are neither Concluído nor Fechado, with the card fields; admins every open order', async () => {
    const tec = await ctx.signedIn('tec');
    const other = await ctx.signedIn('tec');
    const user = await ctx.signedIn('user');
    const open = await createOrder(ctx.db, { technicianId: tec.id });
    const closed = await createOrder(ctx.db, { technicianId: tec.id, status: 'Fechado' });
    const done = await createOrder(ctx.db, { technicianId: tec.id, status: 'Concluído' });
    const others = await createOrder(ctx.db, { technicianId: other.id, status: 'Andamento' });

    const answer = await ctx.app.inject({ method: 'GET', url: '/api/lancamentos', headers: { cookie: tec.cookie } });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const mine = answer.json();
    // A Fechado order does not come back to the list (docs/rules.md#daily-use).
    expect(mine.map((o: { numero: number }) => o.numero)).toEqual([open.numero]);
    expect(mine.map((o: { id: number }) => o.id)).not.toContain(closed.id);
    expect(mine.find((o: { id: number }) => o.id === open.id)).toEqual({
      id: open.id,
      numero: open.numero,
      cliente: open.client.razao,
      status: 'Aberto',
      data: '2026-11-20',
      endDate: null,
      nr_peca: 'P-100',
      nr_serie: 'S-200',
      engenheiro: tec.username,
      engenheiroNome: `Usuário ${tec.username}`,
      motivo: 'Manutenção preventiva',
      responsavel: 'Maria Cliente',
      equipamento: 'Transformador',
      equipamentoId: null,
      cidade: 'Campinas',
      agendaInicio: null,
      agendaFim: null,
      endereco: 'Campinas',
    });

    const userList = (await ctx.app.inject({ method: 'GET', url: '/api/lancamentos', headers: { cookie: user.cookie } })).json();
    expect(userList).toEqual([]);

    const all = (
      await ctx.app.inject({ method: 'GET', url: '/api/lancamentos', headers: { cookie: await ctx.loginAdmin() } })
    ).json();
    const ids = all.map((o: { id: number }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([open.id, others.id]));
    expect(ids).not.toContain(done.id);
    expect(ids).not.toContain(closed.id);
  });
});
