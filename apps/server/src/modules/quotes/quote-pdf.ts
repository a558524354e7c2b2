/**
 * The quote's PDF (docs/rules.md#quotes): company, client, equipment, items, totals, validade, conditions and
 * a verification code over the version's content (the same code while the quote is not edited).
 */
import { formatCentavos, formatCnpj, formatDate, formatDateTime, QUOTE_ITEM_LABEL, quoteCode } from '@os/shared';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { columns, type Doc, fields, heading, paragraph, renderPdf, table, verificationCode } from '../../platform/pdf';
import type { LoadedQuote } from './quote-load';

const quantity = (milli: number) => (milli / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 3 });

/** What the verification code covers: everything printed but the status and the print's time. */
function quoteContent(q: LoadedQuote) {
  return {
    numero: q.row.numero,
    versao: q.row.versao,
    cliente: q.client.id,
    equipamento: q.equipamento,
    validade: q.row.validade,
    itens: q.items.map((i) => [i.tipo, i.descricao, i.quantidadeMilli, i.valorUnitarioCentavos, i.totalCentavos]),
    desconto: q.row.descontoCentavos,
    total: q.row.totalCentavos,
    observacao: q.row.observacao,
    condicoes: q.row.condicoes,
  };
}

export const quotePdfCode = (q: LoadedQuote) => verificationCode(quoteContent(q));
export const quotePdfName = (numero: number) => `Orcamento-${quoteCode(numero).replace(' ', '-')}.pdf`;

export async function renderQuotePdf(db: Db, q: LoadedQuote, generatedBy: string, now = new Date()) {
  const [company] = await db.select().from(companies).orderBy(asc(companies.id)).limit(1);
  const code = quotePdfCode(q);
  const pdf = await renderPdf(
    { title: `Orçamento ${quoteCode(q.row.numero)}`, footer: { generatedAt: now, generatedBy, code } },
    (doc) => drawQuote(doc, q, company ?? null),
  );
  return { pdf, code };
}

function drawQuote(doc: Doc, q: LoadedQuote, company: { nome: string; cnpj: string } | null) {
  if (company?.nome) doc.font('bold').fontSize(13).text(company.nome);
  if (company?.cnpj)
    doc
      .font('regular')
      .fontSize(9)
      .text(`CNPJ ${formatCnpj(company.cnpj)}`);
  doc.moveDown(0.4);
  doc
    .font('bold')
    .fontSize(15)
    .fillColor('#1e3a8a')
    .text(`Orçamento ${quoteCode(q.row.numero)}${q.row.versao > 1 ? ` · versão ${q.row.versao}` : ''}`);
  doc.fillColor('black').font('regular').fontSize(9);
  fields(doc, [
    ['Cliente', q.client.razao],
    ['CNPJ', formatCnpj(q.client.cnpj)],
    ['Equipamento', q.equipamento],
    ['Data', formatDateTime(q.row.updatedAt)],
    ['Validade', formatDate(q.row.validade)],
    ['Situação', q.status],
  ]);
  heading(doc, 'Itens');
  table(
    doc,
    columns({ Tipo: 12, Descrição: 40, Qtd: 10, 'Valor unitário': 19, Total: 19 }, ['Qtd', 'Valor unitário', 'Total']),
    [
      ...q.items.map((i) => [
        QUOTE_ITEM_LABEL[i.tipo],
        i.descricao,
        quantity(i.quantidadeMilli),
        formatCentavos(i.valorUnitarioCentavos),
        formatCentavos(i.totalCentavos),
      ]),
      ['', 'Subtotal', '', '', formatCentavos(q.row.subtotalCentavos)],
      ['', 'Desconto', '', '', formatCentavos(q.row.descontoCentavos)],
      ['', 'Total do orçamento', '', '', formatCentavos(q.row.totalCentavos)],
    ],
    { boldLast: true },
  );
  if (q.row.condicoes) {
    heading(doc, 'Condições');
    paragraph(doc, q.row.condicoes);
  }
  if (q.row.observacao) {
    heading(doc, 'Observação');
    paragraph(doc, q.row.observacao);
  }
  paragraph(doc, `Orçamento válido até ${formatDate(q.row.validade)}. Aprove ou recuse na Área do Cliente.`, { bold: true });
}
