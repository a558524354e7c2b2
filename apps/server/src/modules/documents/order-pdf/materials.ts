/** The materials section of the order PDFs (docs/rules.md#materials-and-stock): what was used, and its prices where the profile shows them. */
import { formatCentavos, formatQuantity, lineTotalCentavos, milToQuantity } from '@os/shared';
import { heading } from '../../../platform/pdf';
import { detailTable, type OrderPdfSection, type PdfColumn, type SectionContext } from './kit';
import type { OrderRecord } from './load';

type Line = OrderRecord['materiais'][number];

const total = (m: Line) => lineTotalCentavos(m.quantidadeMil, m.precoCentavos);

const MATERIAL_COLUMNS: PdfColumn<Line>[] = [
  { header: 'Código', width: 14, cell: (m) => m.codigo },
  { header: 'Descrição', width: 40, cell: (m) => (m.obs ? `${m.descricao} (${m.obs})` : m.descricao) },
  { header: 'Quantidade', width: 12, right: true, cell: (m) => formatQuantity(milToQuantity(m.quantidadeMil)) },
  { header: 'Unidade', width: 8, cell: (m) => m.unidade },
  { header: 'Preço', width: 12, right: true, detail: 'prices', cell: (m) => formatCentavos(m.precoCentavos) },
  {
    header: 'Total',
    width: 14,
    right: true,
    detail: 'prices',
    cell: (m) => formatCentavos(total(m)),
    total: (rows) => formatCentavos(rows.reduce((s, m) => s + total(m), 0)),
  },
];

/** Nothing for an order without materials (most service visits use none). */
function materialList({ doc, rec, details }: SectionContext) {
  if (!rec.materiais.length) return;
  heading(doc, 'Materiais');
  detailTable(doc, details, MATERIAL_COLUMNS, rec.materiais);
}

export const materialsSection: OrderPdfSection = {
  draw: materialList,
  // What the profile prints of them: the prices only where it shows them; nothing for an order without any.
  content: (rec, details) =>
    rec.materiais.map((m) => ({
      codigo: m.codigo,
      descricao: m.descricao,
      obs: m.obs,
      unidade: m.unidade,
      quantidadeMil: m.quantidadeMil,
      ...(details.prices ? { precoCentavos: m.precoCentavos } : {}),
    })),
};
