/**
 * 'Orçamento ORC 00012' to the client's active portal contacts (docs/rules.md#quotes): the quote's PDF and a
 * single-use link that signs in and opens the quote; each message in the sent-mail history with the PDF that
 * went out. The quote becomes Enviado with the code of that version.
 */
import { APPROVAL_LINK_DAYS, formatDate, QUOTE_MSG, type QuoteSendResult, quoteCode, type SessionUser } from '@os/shared';
import { and, asc, eq } from 'drizzle-orm';
import { portalContacts, quotes } from '../../db/schema';
import { badRequest, conflict } from '../../platform/errors';
import { recordAudit } from '../audit/audit.service';
import { keepSentPdf, sendRecorded } from '../mail/mail.service';
import { loadQuote } from '../quotes/quote-load';
import { quotePdfName, renderQuotePdf } from '../quotes/quote-pdf';
import { lockedMessage } from '../quotes/quotes.service';
import type { ApprovalDeps } from './approval-decisions';
import { issueLinkToken, linkContactColumns, portalUrl } from './portal-auth.service';

function quoteText(nome: string, codigo: string, cliente: string, total: string, validade: string, link: string) {
  return `Olá, ${nome}.\n\nSegue o orçamento ${codigo} para ${cliente}, no total de ${total}, válido até ${validade}. O PDF segue anexo.\n\nPara aprovar ou recusar, abra o link abaixo (ele só pode ser usado uma vez e vale por ${APPROVAL_LINK_DAYS} dias):\n\n${link}`;
}

/** POST /api/orcamentos/{id}/enviar. */
export async function sendQuote(deps: ApprovalDeps, user: SessionUser, id: number): Promise<QuoteSendResult> {
  const q = await loadQuote(deps.db, id);
  const locked = lockedMessage(q);
  if (locked) throw conflict(locked);
  const contacts = await deps.db
    .select(linkContactColumns)
    .from(portalContacts)
    .where(and(eq(portalContacts.clientId, q.client.id), eq(portalContacts.ativo, true)))
    .orderBy(asc(portalContacts.id));
  if (!contacts.length) throw badRequest(QUOTE_MSG.noContact);

  const { pdf, code } = await renderQuotePdf(deps.db, q, user.username);
  const { anexoFile, anexoHash } = await keepSentPdf(deps.storage, pdf);
  const codigo = quoteCode(q.row.numero);
  const total = (q.row.totalCentavos / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
  const path = `/portal/orcamentos/${id}`;
  const now = new Date();
  const envios: QuoteSendResult['envios'] = [];
  for (const contact of contacts) {
    const token = await issueLinkToken(deps.db, contact, new Date(now.getTime() + APPROVAL_LINK_DAYS * 86_400_000));
    const link = portalUrl(deps.appUrl, `/portal/entrar?token=${token}&destino=${encodeURIComponent(path)}`);
    const text = (to: string) => quoteText(contact.nome, codigo, q.client.razao, total, formatDate(q.row.validade), to);
    const sent = await sendRecorded(
      deps,
      {
        to: contact.email,
        subject: QUOTE_MSG.mailSubject(q.row.numero),
        text: text(link),
        fromName: user.nome_completo || user.username,
        attachments: [{ filename: quotePdfName(q.row.numero), content: pdf, contentType: 'application/pdf' }],
      },
      {
        tipo: QUOTE_MSG.mailTipo,
        numero: `${q.row.numero}`,
        nomeCliente: q.client.razao,
        clientId: q.client.id,
        userId: user.id,
        usuario: user.username,
        // The link opens a session: the history keeps the portal's address and the version sent.
        mensagem: `${text(portalUrl(deps.appUrl, path))}\n\nVersão ${q.row.versao}, código ${code}.`,
        anexoFile,
        anexoHash,
      },
    );
    envios.push({ email: contact.email, status: sent.status, erro: sent.erro });
  }
  const success = envios.some((e) => e.status === 'Enviado');
  if (success) {
    await deps.db
      .update(quotes)
      .set({ status: 'Enviado', enviadoEm: now, codigoEnviado: code, updatedAt: now })
      .where(and(eq(quotes.id, id), eq(quotes.versao, q.row.versao)));
    // docs/rules.md#whatsapp: the consenting contacts hear of it once per version; the link opens the portal (sign-in by e-mail).
    const written = await deps.whatsapp?.clientMessage?.(deps.db, {
      evento: 'orcamento',
      chave: `orcamento:${id}:v${q.row.versao}`,
      clientId: q.client.id,
      params: (nome) => [nome, codigo, total, portalUrl(deps.appUrl, path)],
      user,
    });
    if (written) deps.whatsapp?.written();
  }
  await recordAudit(deps.db, {
    entity: 'orcamento_envio',
    entityId: id,
    action: 'create',
    user,
    changes: { versao: q.row.versao, codigo: code, envios: envios.map((e) => `${e.email}: ${e.status}`) },
  });
  return { success, message: success ? QUOTE_MSG.sent : QUOTE_MSG.sendFailed, envios };
}
