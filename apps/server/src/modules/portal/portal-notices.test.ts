import { padNumber } from '@os/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlannedOrder, dayWindow, scheduleOk } from '../../../test/agenda-factory';
import { samplePng } from '../../../test/factories/images';
import { createOrderFixture } from '../../../test/factories/orders';
import { createPortalContact } from '../../../test/factories/portal';
import type { TestContext } from '../../../test/helper';
import { request } from '../../../test/http';
import { readPdf } from '../../../test/pdf-reader';
import { type Smtp, startAppWithSmtp } from '../../../test/smtp';
import { orders, sentEmails } from '../../db/schema';
import { createLocalStorage } from '../../platform/storage';
import { PORTAL_NOTICE } from './portal-notices';

let t: TestContext;
let smtp: Smtp;
let close: () => Promise<void>;
let storage: ReturnType<typeof createLocalStorage>;
let clerk: string;
let tec: { id: number; username: string; cookie: string };
let ana: { id: number };

const APP_URL = 'https://os.exemplo.com.br';

beforeAll(async () => {
  ({ t, smtp, close } = await startAppWithSmtp({ APP_URL }));
  storage = createLocalStorage(t.dataDir);
  clerk = (await t.signedIn('user')).cookie;
  tec = await t.signedIn('tec');
  ana = await t.createUser('tec', `ana_aviso_${Date.now() % 100000}`, 'Ana Técnica');
});
afterAll(() => close());

/** Waits for every e-mail under way: the technician's and the client's. */
const settled = async () => {
  await t.app.agendaNotifier.idle();
  await t.app.portalNotices.idle();
};
const mailsTo = (email: string, from: number) => smtp.received.slice(from).filter((m) => m.rcpt.includes(email));
const historyOf = (numero: number) =>
  t.db
    .select()
    .from(sentEmails)
    .where(eq(sentEmails.numero, String(numero)));

describe('the client is told of a scheduled visit (docs/rules.md#portal)', () => {
  it('active contacts get the window in words, the technician and the portal link; an inactive one nothing; unscheduling no e-mail', async () => {
    const order = await createPlannedOrder(t.db);
    const { clientId } = order;
    const marta = await createPortalContact(t.db, { clientId, nome: 'Marta Lima' });
    const inactive = await createPortalContact(t.db, { clientId, nome: 'Inativo', ativo: false });
    const subject = `Visita agendada — OS ${padNumber(order.numero)}`;

    let from = smtp.received.length;
    await scheduleOk(t.app, clerk, order.id, { tecnicoId: ana.id, ...dayWindow('2026-12-01', '08:00', '12:00') });
    await settled();
    const [mail, ...more] = mailsTo(marta.email, from);
    expect(more).toHaveLength(0);
    expect(mail!.mail.subject).toBe(subject);
    expect(mail!.mail.text).toContain('Olá, Marta Lima.');
    expect(mail!.mail.text).toContain(`A visita da OS ${padNumber(order.numero)}`);
    expect(mail!.mail.text).toContain('Quando: 01/12/2026 das 08:00 às 12:00');
    expect(mail!.mail.text).toContain('Técnico: Ana Técnica');
    expect(mail!.mail.text).toContain(`${APP_URL}/portal/os/${order.id}`);
    expect(mailsTo(inactive.email, from)).toHaveLength(0);

    // Moved: told again, with the new window.
    from = smtp.received.length;
    await scheduleOk(t.app, clerk, order.id, dayWindow('2026-12-02', '13:00', '17:00'));
    await settled();
    const [moved] = mailsTo(marta.email, from);
    expect(moved!.mail.subject).toBe(subject);
    expect(moved!.mail.text).toContain('Quando: 02/12/2026 das 13:00 às 17:00');

    // Unscheduled: the technician hears of it, the client does not.
    from = smtp.received.length;
    await scheduleOk(t.app, clerk, order.id, { agendaInicio: null, agendaFim: null });
    await settled();
    expect(mailsTo(marta.email, from)).toHaveLength(0);

    const history = (await historyOf(order.numero)).filter((r) => r.tipo === PORTAL_NOTICE.scheduledTipo);
    expect(history.map((r) => [r.email, r.subject, r.status])).toEqual([
      [marta.email, subject, 'Enviado'],
      [marta.email, subject, 'Enviado'],
    ]);
    expect(history[0]!.mensagem).toContain('Técnico: Ana Técnica');
  });

  it('a client without contacts: nothing sent, nothing recorded', async () => {
    const order = await createPlannedOrder(t.db);
    const from = smtp.received.length;
    await scheduleOk(t.app, clerk, order.id, { tecnicoId: ana.id, ...dayWindow('2026-12-03', '08:00', '10:00') });
    await settled();
    expect(smtp.received.slice(from).filter((m) => m.mail.subject?.startsWith('Visita agendada'))).toHaveLength(0);
    expect((await historyOf(order.numero)).filter((r) => r.tipo === PORTAL_NOTICE.scheduledTipo)).toHaveLength(0);
  });
});

describe('the client is told of an order concluded (docs/rules.md#portal)', () => {
  it('signature + return trip: active contacts get the order sheet PDF (no expenses, no values) and the portal link', async () => {
    const { order, clientId } = await createOrderFixture(t.db, storage, {
      status: 'Andamento',
      technicianId: tec.id,
      descriptions: ['Troca do rolamento'],
      photos: false,
      signature: false,
      expenses: [{ tipo: 'Combustível', valorCentavos: 12345, descricao: 'Posto' }],
    });
    const marta = await createPortalContact(t.db, { clientId, nome: 'Marta Lima' });
    const inactive = await createPortalContact(t.db, { clientId, nome: 'Inativo', ativo: false });
    const numero = padNumber(order.numero);
    const subject = `OS ${numero} concluída`;

    const from = smtp.received.length;
    const png = `data:image/png;base64,${(await samplePng()).toString('base64')}`;
    const signed = await request(t.app, tec.cookie, 'POST', '/api/assinatura/salvar', {
      ordemServicoId: order.id,
      assinatura: png,
      nome: 'Maria Conceição',
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('Concluído');
    await settled();

    const [mail, ...more] = mailsTo(marta.email, from);
    expect(more).toHaveLength(0);
    expect(mail!.mail.subject).toBe(subject);
    expect(mail!.mail.text).toContain('Olá, Marta Lima.');
    expect(mail!.mail.text).toContain(`${APP_URL}/portal/os/${order.id}`);
    const attachment = mail!.mail.attachments.find((a) => a.filename === `OS-${numero}.pdf`)!;
    expect(attachment.contentType).toBe('application/pdf');
    const pdf = await readPdf(attachment.content);
    expect(pdf.text).toContain(`Ordem de Serviço Nº ${numero}`);
    expect(pdf.text).not.toContain('Despesas');
    expect(pdf.text).not.toContain('R$');
    expect(pdf.text).not.toContain('Combustível');
    expect(mailsTo(inactive.email, from)).toHaveLength(0);

    const history = (await historyOf(order.numero)).filter((r) => r.tipo === PORTAL_NOTICE.concludedTipo);
    expect(history.map((r) => [r.email, r.subject, r.status, r.usuario])).toEqual([
      [marta.email, subject, 'Enviado', tec.username],
    ]);
    expect(history[0]!.anexoHash).toMatch(/^[0-9a-f]{64}$/);

    // Signing again changes nothing of the status: no second notice.
    const again = smtp.received.length;
    await request(t.app, tec.cookie, 'POST', '/api/assinatura/salvar', {
      ordemServicoId: order.id,
      assinatura: png,
      nome: 'Maria Conceição',
    });
    await settled();
    expect(mailsTo(marta.email, again)).toHaveLength(0);
  });

  it('a return trip that concludes, or Concluído set by hand: each told once', async () => {
    const admin = (await t.signedIn('admin')).cookie;
    // Signed first, then the return trip concludes it.
    const a = await createOrderFixture(t.db, storage, { status: 'Andamento', technicianId: tec.id, photos: false, tripRows: 0 });
    const ca = await createPortalContact(t.db, { clientId: a.clientId });
    // By hand: an admin sets Concluído in 'Editar OS'.
    const b = await createOrderFixture(t.db, storage, { status: 'Andamento', technicianId: tec.id, photos: false });
    const cb = await createPortalContact(t.db, { clientId: b.clientId });
    const from = smtp.received.length;
    const volta = await request(t.app, tec.cookie, 'POST', '/api/viagemvolta/', {
      datavolta: '2026-11-21',
      saidavolta: '17:00',
      chegadavolta: '19:00',
      kmvolta: 10,
      numeroos: a.order.id,
    });
    expect(volta.statusCode, volta.body).toBe(201);
    const edited = await request(t.app, admin, 'PUT', `/api/os/${b.order.id}`, { status: 'Concluído' });
    expect(edited.statusCode, edited.body).toBe(200);
    await settled();
    expect(mailsTo(ca.email, from).map((m) => m.mail.subject)).toEqual([`OS ${padNumber(a.order.numero)} concluída`]);
    expect(mailsTo(cb.email, from).map((m) => m.mail.subject)).toEqual([`OS ${padNumber(b.order.numero)} concluída`]);
  });

  it('a failed send is recorded as Falha; the order stays Concluído', async () => {
    const { order, clientId } = await createOrderFixture(t.db, storage, {
      status: 'Andamento',
      technicianId: tec.id,
      photos: false,
      signature: false,
    });
    const marta = await createPortalContact(t.db, { clientId, nome: 'Marta Lima' });
    smtp.options.refuse = marta.email;
    try {
      const png = `data:image/png;base64,${(await samplePng()).toString('base64')}`;
      const signed = await request(t.app, tec.cookie, 'POST', '/api/assinatura/salvar', {
        ordemServicoId: order.id,
        assinatura: png,
        nome: 'Maria Conceição',
      });
      expect(signed.statusCode).toBe(201);
      await settled();
    } finally {
      smtp.options.refuse = undefined;
    }
    const history = (await historyOf(order.numero)).filter((r) => r.tipo === PORTAL_NOTICE.concludedTipo);
    expect(history.map((r) => [r.email, r.status])).toEqual([[marta.email, 'Falha']]);
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('Concluído');
  });
});
