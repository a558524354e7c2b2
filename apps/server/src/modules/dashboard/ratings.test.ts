import { APPROVAL_MSG, DASHBOARD_MSG } from '@os/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, approve, clerk, concludedOrder, portalCookie, rate, t, tec, useApprovalApp } from '../../../test/approval';
import { request } from '../../../test/http';
import { orderRatings } from '../../db/schema';

useApprovalApp();

describe("'Como avalia o atendimento?' (docs/rules.md#portal)", () => {
  it('takes 1 to 5 stars once after approval; the dashboard shows the average per technician and the latest comments', async () => {
    const { order, contacts } = await concludedOrder();
    const cookie = await portalCookie(contacts[0]!.id);
    const early = await rate(order.id, cookie, { nota: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(APPROVAL_MSG.rateOnlyApproved);
    expect((await approve(order.id, cookie, { nome: 'Marta Lima' })).statusCode).toBe(200);

    for (const payload of [{ nota: 0 }, { nota: 6 }, { nota: 4.5 }, { nota: '5' }, {}, { nota: -1 }]) {
      const bad = await rate(order.id, cookie, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error).toBe(APPROVAL_MSG.rateRequired);
    }
    const longComment = await rate(order.id, cookie, { nota: 4, comentario: 'x'.repeat(1001) });
    expect(longComment.json().error).toBe(APPROVAL_MSG.commentTooLong);
    expect(await t.db.select().from(orderRatings).where(eq(orderRatings.orderId, order.id))).toEqual([]);

    const res = await rate(order.id, cookie, { nota: 4, comentario: ' Técnico pontual e cuidadoso. ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ podeAvaliar: false, avaliacao: { nota: 4, comentario: 'Técnico pontual e cuidadoso.' } });
    const twice = await rate(order.id, await portalCookie(contacts[1]!.id), { nota: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(APPROVAL_MSG.alreadyRated);

    // A second order of the same technician, rated 5 without a comment.
    const second = await concludedOrder();
    const c2 = await portalCookie(second.contacts[0]!.id);
    await approve(second.order.id, c2, { nome: 'Ana' });
    expect((await rate(second.order.id, c2, { nota: 5 })).statusCode).toBe(200);

    const dash = await request(t.app, admin, 'GET', '/api/dashboard/avaliacoes');
    expect(dash.statusCode).toBe(200);
    const summary = dash.json();
    expect(summary.tecnicos.find((r: { tecnicoId: number }) => r.tecnicoId === tec.id)).toEqual({
      tecnicoId: tec.id,
      tecnico: 'Carlos Pereira',
      media: 4.5,
      quantidade: 2,
    });
    expect(summary.comentarios[0]).toMatchObject({
      numero: order.numero,
      tecnico: 'Carlos Pereira',
      contato: 'Marta Lima',
      nota: 4,
      comentario: 'Técnico pontual e cuidadoso.',
    });
    const staff = (await request(t.app, admin, 'GET', `/api/os/${order.id}/aprovacao`)).json();
    expect(staff.avaliacao).toMatchObject({ nota: 4, contato: 'Marta Lima' });
    expect((await request(t.app, clerk.cookie, 'GET', '/api/dashboard/avaliacoes')).statusCode).toBe(403);

    // The dashboard's period: ratings of another period are not counted, nor their comments shown.
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const now = (await request(t.app, admin, 'GET', `/api/dashboard/avaliacoes?dataInicio=${today}&dataFim=${today}`)).json();
    expect(now.tecnicos.find((r: { tecnicoId: number }) => r.tecnicoId === tec.id)).toMatchObject({ media: 4.5, quantidade: 2 });
    const past = (
      await request(t.app, admin, 'GET', '/api/dashboard/avaliacoes?dataInicio=2020-01-01&dataFim=2020-12-31')
    ).json();
    expect(past).toEqual({ tecnicos: [], comentarios: [] });
    const bad = await request(t.app, admin, 'GET', '/api/dashboard/avaliacoes?dataInicio=2026-12-31&dataFim=2026-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(DASHBOARD_MSG.periodInvalid);
  });
});
