import { type AgendaOrder, padNumber } from '@os/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlannedOrder, dayWindow, scheduleOk } from '../../../test/agenda-factory';
import { createPortalContact } from '../../../test/factories/portal';
import type { TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { type Smtp, startAppWithSmtp } from '../../../test/smtp';

// docs/rules.md#notices-that-settle: a short delay (1.2 s) stands for NOTICE_DELAY_MINUTES.
const DELAY_MINUTES = 0.02;
let t: TestContext;
let smtp: Smtp;
let close: () => Promise<void>;
let clerk: string;
let ana: { id: number; username: string };
let bruno: { id: number; username: string };

beforeAll(async () => {
  ({ t, smtp, close } = await startAppWithSmtp({ NOTICE_DELAY_MINUTES: String(DELAY_MINUTES) }));
  clerk = (await t.signedIn('user')).cookie;
  ana = await t.createUser('tec', `ana_settle_${Date.now() % 100000}`, 'Ana Técnica');
  bruno = await t.createUser('tec', `bruno_settle_${Date.now() % 100000}`, 'Bruno Técnico');
});
afterAll(() => close());

const mailsTo = (email: string, from: number) => smtp.received.slice(from).filter((m) => m.rcpt.includes(email));
const techMail = (who: { username: string }) => `${who.username}@example.com`;

async function scheduledOrderWithContact() {
  const order = await createPlannedOrder(t.db);
  const contact = await createPortalContact(t.db, { clientId: order.clientId, nome: 'Marta Lima' });
  return { order, contact };
}

const move = (id: number, body: Record<string, unknown>) => scheduleOk(t.app, clerk, id, body);
const day = (d: number, from: string, to: string) => dayWindow(`2026-12-${String(d).padStart(2, '0')}`, from, to);

async function boardOrder(id: number): Promise<AgendaOrder> {
  const res = await request(t.app, clerk, 'GET', '/api/agenda?inicio=2026-12-01&fim=2026-12-31');
  return res.json<AgendaOrder[]>().find((o) => o.id === id)!;
}

describe('notices settle before they go (docs/rules.md#notices-that-settle)', () => {
  it('five moves and a change of technician: one notice each, with the final window, after the delay', async () => {
    const { order, contact } = await scheduledOrderWithContact();
    const from = smtp.received.length;
    await move(order.id, { tecnicoId: ana.id, ...day(1, '08:00', '12:00') });
    await move(order.id, day(2, '08:00', '12:00'));
    await move(order.id, day(3, '08:00', '12:00'));
    await move(order.id, { tecnicoId: bruno.id, ...day(3, '13:00', '17:00') });
    await move(order.id, day(4, '09:00', '11:00'));

    // Nothing goes while the plan is still moving; the board says when it will.
    expect(mailsTo(contact.email, from)).toHaveLength(0);
    expect(mailsTo(techMail(bruno), from)).toHaveLength(0);
    const waiting = await boardOrder(order.id);
    expect(waiting.avisoEm).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(waiting.avisoEm!)).toBeGreaterThan(Date.now());

    await t.app.agendaNotifier.idle();
    const [client, ...moreClient] = mailsTo(contact.email, from);
    expect(moreClient).toHaveLength(0);
    expect(client!.mail.subject).toBe(`Visita agendada — OS ${padNumber(order.numero)}`);
    expect(client!.mail.text).toContain('Quando: 04/12/2026 das 09:00 às 11:00');
    expect(client!.mail.text).toContain('Técnico: Bruno Técnico');
    const [tech, ...moreTech] = mailsTo(techMail(bruno), from);
    expect(moreTech).toHaveLength(0);
    expect(tech!.mail.text).toContain('Quando: 04/12/2026 das 09:00 às 11:00');
    // Ana never heard of it, so she gets no cancellation either.
    expect(mailsTo(techMail(ana), from)).toHaveLength(0);
    expect((await boardOrder(order.id)).avisoEm).toBeNull();
  });

  it('a plan back to what everyone was told sends nothing; a technician taken off gets one cancellation', async () => {
    const { order, contact } = await scheduledOrderWithContact();
    await move(order.id, { tecnicoId: ana.id, ...day(7, '08:00', '12:00') });
    await t.app.agendaNotifier.idle();

    let from = smtp.received.length;
    await move(order.id, day(8, '08:00', '12:00'));
    await move(order.id, day(7, '08:00', '12:00'));
    await t.app.agendaNotifier.idle();
    expect(mailsTo(contact.email, from)).toHaveLength(0);
    expect(mailsTo(techMail(ana), from)).toHaveLength(0);

    from = smtp.received.length;
    await move(order.id, { tecnicoId: bruno.id, ...day(9, '08:00', '12:00') });
    await move(order.id, day(9, '10:00', '12:00'));
    await t.app.agendaNotifier.idle();
    const cancellations = mailsTo(techMail(ana), from);
    expect(cancellations.map((m) => m.mail.subject)).toEqual([`Cancelamento do agendamento da OS ${padNumber(order.numero)}`]);
    expect(mailsTo(techMail(bruno), from).map((m) => m.mail.subject)).toEqual([`Agendamento da OS ${padNumber(order.numero)}`]);
    const [client] = mailsTo(contact.email, from);
    expect(client!.mail.text).toContain('foi alterado');
    expect(client!.mail.text).toContain('Quando: 09/12/2026 das 10:00 às 12:00');
  });

  it("'Avisar agora' sends the waiting notice at once; nothing more after the delay", async () => {
    const { order, contact } = await scheduledOrderWithContact();
    const from = smtp.received.length;
    await move(order.id, { tecnicoId: ana.id, ...day(14, '08:00', '12:00') });
    const res = await request(t.app, clerk, 'POST', `/api/os/${order.id}/agenda/avisar`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ enviado: true });
    expect(mailsTo(contact.email, from)).toHaveLength(1);
    expect(mailsTo(techMail(ana), from)).toHaveLength(1);
    await t.app.agendaNotifier.idle();
    expect(mailsTo(contact.email, from)).toHaveLength(1);
    expect(mailsTo(techMail(ana), from)).toHaveLength(1);
    const again = await request(t.app, clerk, 'POST', `/api/os/${order.id}/agenda/avisar`);
    expect(again.json()).toEqual({ enviado: false });
  });
});
