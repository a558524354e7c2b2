import { AGENDA_MSG, type SentEmail } from '@os/shared';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPlannedOrder } from '../../../test/agenda-factory';
import { createTestApp, type TestContext } from '../../../test/helper';
import { startSmtp } from '../../../test/smtp';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
type ReceivedMail = (typeof smtp.received)[number];
let clerk: string;
let ana: { id: number; username: string };
let bruno: { id: number; username: string };

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    APP_URL: 'https://os.exemplo.com.br',
    MAIL_FROM: 'Agenda da Empresa <agenda@exemplo.com.br>',
  });
  clerk = (await t.signedIn('user')).cookie;
  ana = await t.createUser('tec', `ana_${Date.now() % 100000}`, 'Ana Técnica');
  bruno = await t.createUser('tec', `bruno_${Date.now() % 100000}`, 'Bruno Técnico');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.options.refuse = undefined;
});

const schedule = async (id: number, body: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'PUT', url: `/api/os/${id}/agenda`, headers: { cookie: clerk }, payload: body });
  expect(res.statusCode).toBe(200);
  // The e-mails leave after the answer; wait for them.
  await t.app.agendaNotifier.idle();
  return res;
};

/** The messages received since `from`, for one address. */
const to = (who: { username: string }, from: number) =>
  smtp.received.slice(from).filter((m) => m.rcpt.includes(`${who.username}@example.com`));

/** The invitation of a message read back with ical.js: METHOD, UID, SEQUENCE, start and end with their zone. */
function invitation(message: ReceivedMail) {
  const part = message.mail.attachments.find((a) => /calendar|ics/.test(a.contentType));
  expect(part, 'an iCalendar part').toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(part!.content.toString('utf8')) as unknown as unknown[]);
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  const dtstart = vevent.getFirstProperty('dtstart')!;
  const dtend = vevent.getFirstProperty('dtend')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: `${dtstart.getParameter('tzid')} ${event.startDate.toString()}`,
    end: `${dtend.getParameter('tzid')} ${event.endDate.toString()}`,
    // The instant, so a calendar in any zone shows the right hour: 08:00 in São Paulo is 11:00 UTC.
    startUtc: event.startDate.toJSDate().toISOString(),
    status: vevent.getFirstPropertyValue('status'),
    summary: event.summary,
    location: event.location,
    attendee: String(vevent.getFirstPropertyValue('attendee')),
    timezone: calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid'),
  };
}

/** The calendar parts: the iMIP alternative (method in its content type) and the .ics file. */
const parts = (message: ReceivedMail) =>
  message.mail.attachments.map((a) => {
    const type = a.headers.get('content-type') as { value: string; params: Record<string, string> };
    return [type.value, type.params.method, a.filename ?? null];
  });

async function history(numero: number): Promise<SentEmail[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/sendmail/emails', headers: { cookie: await t.loginAdmin() } });
  return res.json<SentEmail[]>().filter((e) => e.numero === String(numero));
}

describe('the technician is told by e-mail with a calendar invitation', () => {
  it('scheduling, moving, reassigning and unscheduling: REQUEST with one UID and rising SEQUENCE, CANCEL to the one who loses it', async () => {
    const order = await createPlannedOrder(t.db);
    const numero = String(order.numero).padStart(5, '0');
    const uid = `os-${order.id}@os.exemplo.com.br`;

    // Scheduled for Ana.
    let from = smtp.received.length;
    await schedule(order.id, { tecnicoId: ana.id, agendaInicio: '2026-12-01T08:00', agendaFim: '2026-12-01T12:00' });
    const [first] = to(ana, from);
    expect(first!.mail.subject).toBe(`Agendamento da OS ${numero}`);
    expect(first!.mail.text).toContain(`A OS ${numero} foi agendada para você.`);
    expect(first!.mail.text).toContain('Quando: 01/12/2026 das 08:00 às 12:00');
    expect(first!.mail.text).toContain('Endereço: Rua das Flores, 120, Boa Vista, Recife - PE, 50050-000');
    expect(first!.mail.text).toContain('Contato: Marta Lima · 87999990000');
    expect(first!.mail.text).toContain('Motivo: Inversor desarmando à tarde');
    expect(first!.mail.text).toContain('Cliente: Usina Sertão');
    const one = invitation(first!);
    expect(one).toMatchObject({
      method: 'REQUEST',
      uid,
      sequence: 1,
      start: 'America/Sao_Paulo 2026-12-01T08:00:00',
      end: 'America/Sao_Paulo 2026-12-01T12:00:00',
      startUtc: '2026-12-01T11:00:00.000Z',
      status: 'CONFIRMED',
      location: 'Rua das Flores, 120, Boa Vista, Recife - PE, 50050-000',
      timezone: 'America/Sao_Paulo',
    });
    expect(one.summary).toContain(`OS ${numero}`);
    expect(one.attendee).toBe(`mailto:${ana.username}@example.com`);
    // The calendar part is a real iMIP alternative, with its method in the content type.
    expect(parts(first!)).toEqual([
      ['text/calendar', 'REQUEST', null],
      ['application/ics', undefined, `OS-${numero}.ics`],
    ]);

    // Moved, same technician: the same UID, a higher SEQUENCE.
    from = smtp.received.length;
    await schedule(order.id, { agendaInicio: '2026-12-02T13:00', agendaFim: '2026-12-03T10:00' });
    const [moved] = to(ana, from);
    expect(moved!.mail.text).toContain(`A OS ${numero} foi remarcada.`);
    expect(moved!.mail.text).toContain('Quando: 02/12/2026 13:00 até 03/12/2026 10:00');
    expect(invitation(moved!)).toMatchObject({
      method: 'REQUEST',
      uid,
      sequence: 2,
      start: 'America/Sao_Paulo 2026-12-02T13:00:00',
    });

    // Reassigned to Bruno: he gets the invitation, Ana the cancellation, same UID and SEQUENCE.
    from = smtp.received.length;
    await schedule(order.id, { tecnicoId: bruno.id });
    const [toBruno] = to(bruno, from);
    const [toAna] = to(ana, from);
    expect(toBruno!.mail.subject).toBe(`Agendamento da OS ${numero}`);
    expect(invitation(toBruno!)).toMatchObject({ method: 'REQUEST', uid, sequence: 3 });
    expect(toAna!.mail.subject).toBe(`Cancelamento do agendamento da OS ${numero}`);
    expect(toAna!.mail.text).toContain('passada a outro técnico');
    expect(parts(toAna!)[0]).toEqual(['text/calendar', 'CANCEL', null]);
    expect(invitation(toAna!)).toMatchObject({
      method: 'CANCEL',
      uid,
      sequence: 3,
      status: 'CANCELLED',
      start: 'America/Sao_Paulo 2026-12-02T13:00:00',
    });

    // Unscheduled: Bruno's calendar drops it.
    from = smtp.received.length;
    await schedule(order.id, { agendaInicio: null, agendaFim: null });
    const [dropped] = to(bruno, from);
    expect(dropped!.mail.subject).toBe(`Cancelamento do agendamento da OS ${numero}`);
    expect(invitation(dropped!)).toMatchObject({ method: 'CANCEL', uid, sequence: 4 });
    expect(to(ana, from)).toEqual([]);

    // Every send is in the history as 'Agendamento', with its real status.
    const sent = await history(order.numero);
    expect(sent.map((e) => [e.tipo, e.status, e.email, e.subject]).reverse()).toEqual([
      [AGENDA_MSG.mailTipo, 'Enviado', `${ana.username}@example.com`, `Agendamento da OS ${numero}`],
      [AGENDA_MSG.mailTipo, 'Enviado', `${ana.username}@example.com`, `Agendamento da OS ${numero}`],
      [AGENDA_MSG.mailTipo, 'Enviado', `${bruno.username}@example.com`, `Agendamento da OS ${numero}`],
      [AGENDA_MSG.mailTipo, 'Enviado', `${ana.username}@example.com`, `Cancelamento do agendamento da OS ${numero}`],
      [AGENDA_MSG.mailTipo, 'Enviado', `${bruno.username}@example.com`, `Cancelamento do agendamento da OS ${numero}`],
    ]);
  });
});

describe('other writes: the order form, a change of nothing, a failed send', () => {
  it('says nothing when neither technician nor window changes (another field edited)', async () => {
    const order = await createPlannedOrder(t.db);
    await schedule(order.id, { tecnicoId: ana.id, agendaInicio: '2026-12-05T08:00', agendaFim: '2026-12-05T09:00' });
    const from = smtp.received.length;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/os/${order.id}`,
      headers: { cookie: clerk },
      payload: { motivo: 'Outro motivo', agendaInicio: '2026-12-05T08:00', agendaFim: '2026-12-05T09:00' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.agendaNotifier.idle();
    expect(smtp.received.slice(from)).toEqual([]);
  });

  it('moving through the order form (PUT /api/os) tells the technician too', async () => {
    const order = await createPlannedOrder(t.db);
    await schedule(order.id, { tecnicoId: ana.id, agendaInicio: '2026-12-06T08:00', agendaFim: '2026-12-06T09:00' });
    const from = smtp.received.length;
    await t.app.inject({
      method: 'PUT',
      url: `/api/os/${order.id}`,
      headers: { cookie: clerk },
      payload: { engenheiro: bruno.id },
    });
    await t.app.agendaNotifier.idle();
    expect(to(bruno, from).map((m) => invitation(m).method)).toEqual(['REQUEST']);
    expect(to(ana, from).map((m) => invitation(m).method)).toEqual(['CANCEL']);
  });

  it('a failed send keeps the schedule and is recorded as Falha with the reason', async () => {
    const order = await createPlannedOrder(t.db);
    smtp.options.refuse = 'Caixa de correio indisponível';
    const res = await schedule(order.id, { tecnicoId: ana.id, agendaInicio: '2026-12-07T08:00', agendaFim: '2026-12-07T09:00' });
    expect(res.json()).toMatchObject({ agendaInicio: '2026-12-07T08:00', engenheiroId: ana.id });
    const [record] = await history(order.numero);
    expect(record).toMatchObject({ tipo: 'Agendamento', status: 'Falha' });
    expect(record!.erro).toContain('Caixa de correio indisponível');
    const again = await t.app.inject({ method: 'GET', url: `/api/os/${order.id}`, headers: { cookie: clerk } });
    expect(again.json()).toMatchObject({ agendaInicio: '2026-12-07T08:00', agendaFim: '2026-12-07T09:00' });
  });
});
