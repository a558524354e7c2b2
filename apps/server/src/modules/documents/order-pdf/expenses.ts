/** The expenses section of the office's full PDF: the expenses with values, the totals by type and the receipts. */
import { formatCentavos, formatDate } from '@os/shared';
import { columns, heading, image, paragraph, table } from '../../../platform/pdf';
import { detailTable, type OrderPdfSection, type PdfColumn, PHOTO_BOX, type SectionContext } from './kit';
import type { OrderRecord } from './load';

type Expense = OrderRecord['despesas'][number];

const EXPENSE_COLUMNS: PdfColumn<Expense>[] = [
  { header: 'Data', width: 11, cell: (d) => formatDate(d.expense.data) },
  { header: 'Documento', width: 12, cell: (d) => d.expense.docnr },
  { header: 'Tipo', width: 14, cell: (d) => d.tipo },
  { header: 'Descrição', width: 34, cell: (d) => d.expense.descricao },
  { header: 'Observação', width: 15, cell: (d) => d.expense.observacao },
  {
    header: 'Valor',
    width: 14,
    right: true,
    cell: (d) => formatCentavos(d.expense.valorCentavos),
    total: (rows) => formatCentavos(sumOf(rows)),
  },
];

const sumOf = (rows: Expense[]) => rows.reduce((s, d) => s + d.expense.valorCentavos, 0);

/** 'Tipo de despesa' / 'Total': each type's sum, then 'Total geral'. */
function totalsByType({ doc, rec }: SectionContext) {
  const byType = new Map<string, number>();
  for (const d of rec.despesas) byType.set(d.tipo, (byType.get(d.tipo) ?? 0) + d.expense.valorCentavos);
  doc.moveDown(0.3);
  table(
    doc,
    columns({ 'Tipo de despesa': 70, Total: 30 }, ['Total']),
    [...[...byType].map(([tipo, sum]) => [tipo, formatCentavos(sum)]), ['Total geral', formatCentavos(sumOf(rec.despesas))]],
    { boldLast: true },
  );
}

/** 'Comprovantes': the receipt photos that could be read, each captioned with its expense. */
function receipts({ doc, rec, images }: SectionContext) {
  const withPhoto = rec.despesas.filter((d) => d.expense.imagem && images.has(d.expense.imagem));
  if (!withPhoto.length) return;
  heading(doc, 'Comprovantes');
  for (const { expense: e, tipo } of withPhoto) {
    image(doc, images.get(e.imagem!)!, {
      ...PHOTO_BOX,
      caption: `${formatDate(e.data)} · Doc. ${e.docnr} · ${tipo} · ${formatCentavos(e.valorCentavos)}`,
    });
  }
}

function expenseList(s: SectionContext) {
  heading(s.doc, 'Despesas');
  if (!s.rec.despesas.length) {
    paragraph(s.doc, 'Nenhuma despesa.');
    return;
  }
  detailTable(s.doc, s.details, EXPENSE_COLUMNS, s.rec.despesas);
  totalsByType(s);
  receipts(s);
}

export const expensesSection: OrderPdfSection = {
  draw: expenseList,
  pictures: (rec) => rec.despesas.flatMap((d) => (d.expense.imagem ? [{ key: d.expense.imagem, box: PHOTO_BOX }] : [])),
};
