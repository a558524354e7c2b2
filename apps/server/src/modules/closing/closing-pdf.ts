import {
  type ClosingFigures,
  describeClosingLine,
  formatCentavos,
  formatCnpj,
  formatDate,
  formatDateTime,
  formatPercentual,
  padNumber,
  parameterTime,
} from '@os/shared';

import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type closings, companies } from '../../db/schema';
import { columns, type Doc, fields, heading, paragraph, renderPdf, table, verificationCode } from '../../platform/pdf';
import { ensureCharge } from '../pix/pix.service';
import type { PixApiClient } from '../pix/pix-api';
import { type ChargePrint, drawPixCharge, printableCharge } from '../pix/pix-pdf';
import { materialRows, SUMMARY_COLUMNS } from './closing-materials';

type ClosingRow = typeof closings.$inferSelect;

/** The closing PDF: every line of the arithmetic, so an office clerk can check it by hand. */
export async function renderClosingPdf(
  db: Db,
  closing: ClosingRow,
  username: string,
  now = new Date(),
  bank?: PixApiClient | null,
) {
  const figures = closing.figures as ClosingFigures;
  const [company] = await db.select().from(companies).orderBy(asc(companies.id)).limit(1);
  // The charge (docs/rules.md#pix): made with the closing when the company has a PIX key, printed at the end.
  const charge = await printableCharge(await ensureCharge(db, closing, false, bank));
  const code = verificationCode({
    numero: closing.numero,
    figures,
    createdAt: closing.createdAt.toISOString(),
    ...(charge ? { pix: charge.payload } : {}),
  });
  const pdf = await renderPdf(
    { title: `Fechamento ${padNumber(closing.numero)}`, footer: { generatedAt: now, generatedBy: username, code } },
    (doc) => drawClosing(doc, closing, figures, company?.nome ?? '', charge),
  );
  return { pdf, code };
}

function drawClosing(doc: Doc, closing: ClosingRow, f: ClosingFigures, companyName: string, charge: ChargePrint | null) {
  if (companyName) doc.font('bold').fontSize(13).text(companyName);
  doc.moveDown(0.4);
  doc
    .font('bold')
    .fontSize(15)
    .fillColor('#1e3a8a')
    .text(`Fechamento Nº ${padNumber(closing.numero)}`);
  doc.fillColor('black').font('regular').fontSize(9);
  fields(doc, [
    ['Cliente', f.cliente.razao],
    ['CNPJ', formatCnpj(f.cliente.cnpj)],
    ['Percentual do cliente', formatPercentual(f.percentualBasis)],
    ['Data do fechamento', formatDateTime(closing.createdAt)],
    ['Ordens de serviço', f.orders.map((o) => padNumber(o.numero)).join(', ')],
    ['Situação', closing.status],
  ]);

  heading(doc, 'Parâmetros utilizados');
  table(
    doc,
    columns({ Tipo: 40, Início: 15, Fim: 15, Valor: 30 }, ['Valor']),
    // Km Rodado has no time window: '–', never '00:00 00:00' (docs/rules.md#daily-use).
    f.parametros.map((p) => [
      p.tipo,
      parameterTime(p.tipo, p.inicio),
      parameterTime(p.tipo, p.fim),
      `${formatCentavos(p.valorCentavos)}${p.tipo === 'Km Rodado' ? '/km' : '/h'}`,
    ]),
  );
  paragraph(
    doc,
    'Cálculo: horas de serviço divididas pelas faixas de horário (intervalo descontado primeiro da Hora Normal; em feriado todas as horas são Hora Feriado). ' +
      'Base = horas × valor por hora, arredondada ao centavo; Total = Base × percentual do cliente, arredondado ao centavo (meio centavo para cima). ' +
      'Km, despesas e materiais não recebem o percentual; materiais = quantidade × preço de venda da OS.',
  );

  for (const o of f.orders) {
    heading(
      doc,
      `OS ${padNumber(o.numero)} · ${formatDate(o.data)} · ${o.cidade}${o.engenheiroNome ? ` · ${o.engenheiroNome}` : ''}`,
      10,
    );
    const lines = o.lines.map((l) => {
      const d = describeClosingLine(l, formatCentavos);
      return [d.item, d.quantidade, d.valorUnitario, d.base, d.percentual, d.total];
    });
    const figures = ['Quantidade', 'Valor unitário', 'Base', 'Percentual', 'Total'];
    table(
      doc,
      columns({ Item: 22, Quantidade: 14, 'Valor unitário': 17, Base: 17, Percentual: 12, Total: 18 }, figures),
      [
        ...(lines.length ? lines : [['Sem lançamentos', '', '', '', '', formatCentavos(0)]]),
        ['Horas (serviço e viagem)', '', '', '', '', formatCentavos(o.horasCentavos)],
        ['Km rodado', '', '', '', '', formatCentavos(o.kmCentavos)],
        ['Despesas', '', '', '', '', formatCentavos(o.despesasCentavos)],
        ...materialRows(o),
        [`Total da OS ${padNumber(o.numero)}`, '', '', '', '', formatCentavos(o.totalCentavos)],
      ],
      { boldLast: true },
    );
  }

  heading(doc, 'Resumo');
  table(
    doc,
    SUMMARY_COLUMNS,
    [
      ...f.orders.map((o) => [
        padNumber(o.numero),
        formatCentavos(o.horasCentavos),
        formatCentavos(o.kmCentavos),
        formatCentavos(o.despesasCentavos),
        formatCentavos(o.materiaisCentavos ?? 0),
        formatCentavos(o.totalCentavos),
      ]),
      [
        'Total geral',
        formatCentavos(f.horasCentavos),
        formatCentavos(f.kmCentavos),
        formatCentavos(f.despesasCentavos),
        formatCentavos(f.materiaisCentavos ?? 0),
        formatCentavos(f.totalCentavos),
      ],
    ],
    { boldLast: true },
  );
  if (closing.status === 'Reaberto')
    paragraph(
      doc,
      `Fechamento reaberto em ${closing.reopenedAt ? formatDateTime(closing.reopenedAt) : ''}: ${closing.reopenReason ?? ''}`,
      { bold: true },
    );
  if (charge && closing.status === 'Fechado') drawPixCharge(doc, charge);
}
