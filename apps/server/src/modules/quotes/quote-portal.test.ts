import { QUOTE_MSG } from '@os/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-reader';
import {
  APP_URL,
  api,
  clerk,
  day,
  mailsTo,
  pngDataUrl,
  portalPost,
  quoteBody,
  quoteClient,
  sentQuote,
  setValidade,
  smtp,
  t,
  UA,
  useQuotesApp,
} from '../../../test/quotes';
import { auditLog, quoteDecisions, sentEmails } from '../../db/schema';

useQuotesApp();

const approve = (id: number, cookie: string, payload: unknown) =>
  portalPost(`/api/portal/orcamentos/${id}/aprovacao`, cookie, payload);
const refuse = (id: number, cookie: string, payload: unknown) =>
  portalPost(`/api/portal/orcamentos/${id}/recusa`, cookie, payload);
const decisions = (id: number) => t.db.select().from(quoteDecisions).where(eq(quoteDecisions.quoteId, id));

describe('sending a quote (docs/rules.md#quotes)', () => {
  it("e-mails the PDF and a portal link to the client's active contacts and keeps it in the sent-mail history", async () => {
    const q = await sentQuote();
    const codigo = `ORC ${String(q.numero).padStart(5, '0')}`;
    const [mail] = await mailsTo(q.contact.email, `Orçamento ${codigo}`);
    const link = mail!.mail.text?.match(/https:\/\/\S+/)?.[0] ?? '';
    expect(link.startsWith(`${APP_URL}/portal/entrar?token=`)).toBe(true);
    expect(link).toContain(`destino=${encodeURIComponent(`/portal/orcamentos/${q.id}`)}`);
    const pdf = mail!.mail.attachments[0]!;
    expect(pdf.filename).toBe(`Orcamento-ORC-${String(q.numero).padStart(5, '0')}.pdf`);
    const text = await pdfText(pdf.content);
    expect(text).toContain('R$ 110,01');
    expect(smtp.received.filter((m) => m.mail.subject === `Orçamento ${codigo}`).length).toBe(1); // not the inactive contact

    const [history] = await t.db
      .select()
      .from(sentEmails)
      .where(and(eq(sentEmails.tipo, 'Orçamento'), eq(sentEmails.numero, String(q.numero))));
    expect(history).toMatchObject({ email: q.contact.email, status: 'Enviado', subject: `Orçamento ${codigo}` });
    expect(history!.mensagem).toContain('Versão 1, código');
    expect(history!.mensagem).not.toContain('token=');
    const office = (await api(clerk, 'GET', `/api/orcamentos/${q.id}`)).json();
    expect(office.status).toBe('Enviado');
    expect(office.enviadoEm).not.toBeNull();
  });

  it('refuses to send without an active contact (400), nothing sent', async () => {
    const { client } = await quoteClient();
    const { portalContacts } = await import('../../db/schema');
    await t.db.update(portalContacts).set({ ativo: false }).where(eq(portalContacts.clientId, client.id));
    const q = (await api(clerk, 'POST', '/api/orcamentos', quoteBody(client.id, null))).json();
    const res = await api(clerk, 'POST', `/api/orcamentos/${q.id}/enviar`);
    expect(res.json().error).toBe(QUOTE_MSG.noContact);
    expect((await api(clerk, 'GET', `/api/orcamentos/${q.id}`)).json().status).toBe('Rascunho');
  });
});

describe("'Aprovar' and 'Recusar' in the portal (docs/rules.md#quotes)", () => {
  it('keeps the approval as evidence (contact, name, time, address, browser, version, PDF code) and shows it to the office', async () => {
    const q = await sentQuote();
    const list = await api(q.cookie, 'GET', '/api/portal/orcamentos');
    expect(list.json().map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([[q.id, 'Enviado']]);
    const portalPdf = await api(q.cookie, 'GET', `/api/portal/orcamentos/${q.id}/pdf`);
    const code = (await pdfText(portalPdf.rawPayload)).match(/[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}/)?.[0];

    const res = await approve(q.id, q.cookie, { nome: '  Marta Lima Souza ', assinatura: await pngDataUrl() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Aprovado', aprovacao: { nome: 'Marta Lima Souza', ip: '', navegador: '' } });

    const office = (await api(clerk, 'GET', `/api/orcamentos/${q.id}`)).json();
    expect(office.aprovacao).toMatchObject({
      contato: 'Marta Lima',
      email: q.contact.email,
      nome: 'Marta Lima Souza',
      ip: '203.0.113.7',
      navegador: UA,
      versao: 1,
      codigoPdf: code,
      assinatura: true,
    });
    const png = await api(clerk, 'GET', `/api/orcamentos/${q.id}/assinatura`);
    expect(png.headers['content-type']).toBe('image/png');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'orcamento'), eq(auditLog.entityId, q.id), eq(auditLog.action, 'status')));
    expect(audit).toMatchObject({ username: `portal:${q.contact.email}` });
    expect(audit!.changes).toMatchObject({ status: { depois: 'Aprovado' }, ip: '203.0.113.7', codigoPdf: code });

    const twice = await approve(q.id, q.cookie, { nome: 'Marta' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(QUOTE_MSG.alreadyApproved);
    expect((await refuse(q.id, q.cookie, { motivo: 'Caro' })).statusCode).toBe(409);
  });

  it('records one of two approvals sent at once', async () => {
    const q = await sentQuote();
    const results = await Promise.all([approve(q.id, q.cookie, { nome: 'Marta' }), approve(q.id, q.cookie, { nome: 'Marta' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await decisions(q.id)).length).toBe(1);
  });

  it('refuses with a reason, and asks for one', async () => {
    const q = await sentQuote();
    const empty = await refuse(q.id, q.cookie, { motivo: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(QUOTE_MSG.reasonRequired);
    const noName = await approve(q.id, q.cookie, { nome: '' });
    expect(noName.json().error).toBe(QUOTE_MSG.nameRequired);
    const res = await refuse(q.id, q.cookie, { motivo: 'Preço acima do orçado.' });
    expect(res.json()).toMatchObject({ status: 'Recusado', recusa: { motivo: 'Preço acima do orçado.', contato: 'Marta Lima' } });
    const gen = await api(clerk, 'POST', `/api/orcamentos/${q.id}/gerar-os`);
    expect(gen.json().error).toBe(QUOTE_MSG.notApproved);
  });

  it("answers 404 for another client's quote and for one never sent", async () => {
    const q = await sentQuote();
    const other = await quoteClient('Outra Empresa Ltda');
    const res = await approve(q.id, other.cookie, { nome: 'Intruso' });
    expect(res.statusCode).toBe(404);
    expect((await api(other.cookie, 'GET', `/api/portal/orcamentos/${q.id}`)).statusCode).toBe(404);
    expect((await api(other.cookie, 'GET', `/api/portal/orcamentos/${q.id}/pdf`)).statusCode).toBe(404);
    const draft = (await api(clerk, 'POST', '/api/orcamentos', quoteBody(other.client.id, null))).json();
    expect((await approve(draft.id, other.cookie, { nome: 'X' })).statusCode).toBe(404);
    expect((await decisions(q.id)).length).toBe(0);
  });

  it('refuses an expired quote (409 Orçamento vencido.) but accepts one whose validade is today', async () => {
    const q = await sentQuote();
    await setValidade(q.id, day(-1));
    const res = await approve(q.id, q.cookie, { nome: 'Marta' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Orçamento vencido.');
    expect((await api(q.cookie, 'GET', `/api/portal/orcamentos/${q.id}`)).json().status).toBe('Vencido');
    await setValidade(q.id, day(0));
    expect((await approve(q.id, q.cookie, { nome: 'Marta' })).statusCode).toBe(200);
  });

  it('asks for the new version after an edit: 409 until it is sent again, then the decision names version 2', async () => {
    const q = await sentQuote();
    const edited = await api(clerk, 'PUT', `/api/orcamentos/${q.id}`, quoteBody(q.client.id, q.machine.id, { desconto: 10 }));
    expect(edited.json()).toMatchObject({ versao: 2, status: 'Rascunho' });
    const early = await approve(q.id, q.cookie, { nome: 'Marta' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(QUOTE_MSG.notSent);
    expect((await api(clerk, 'POST', `/api/orcamentos/${q.id}/enviar`)).statusCode).toBe(200);
    const res = await approve(q.id, q.cookie, { nome: 'Marta' });
    expect(res.json()).toMatchObject({ status: 'Aprovado', versao: 2, total: 105.01, aprovacao: { versao: 2 } });
  });
});
