import {
  type ClosingFigures,
  type ClosingMaterialLine,
  type ClosingOrderFigures,
  describeClosingMaterial,
  formatCentavos,
  lineTotalCentavos,
  milToQuantity,
} from '@os/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { materialLines } from '../../db/material-lines';
import { orderMaterials } from '../../db/schema';
import { columns } from '../../platform/pdf';

/**
 * docs/rules.md#materials-and-stock: the closing bills the materials of its orders, quantidade × the price each
 * line kept, in centavos, not multiplied by the client's percentual; each order's total and the closing's add them.
 */
export async function withMaterials(db: Db, osIds: number[], figures: ClosingFigures): Promise<ClosingFigures> {
  const rows = await materialLines(db, inArray(orderMaterials.orderId, osIds));
  const orders = figures.orders.map((o): ClosingOrderFigures => {
    const materiais = rows
      .filter((r) => r.orderId === o.id)
      .map(
        (r): ClosingMaterialLine => ({
          codigo: r.codigo,
          descricao: r.descricao,
          unidade: r.unidade,
          quantidade: milToQuantity(r.quantidadeMil),
          precoCentavos: r.precoCentavos,
          totalCentavos: lineTotalCentavos(r.quantidadeMil, r.precoCentavos),
        }),
      );
    const materiaisCentavos = materiais.reduce((s, m) => s + m.totalCentavos, 0);
    return { ...o, materiais, materiaisCentavos, totalCentavos: o.totalCentavos + materiaisCentavos };
  });
  const materiaisCentavos = orders.reduce((s, o) => s + (o.materiaisCentavos ?? 0), 0);
  return { ...figures, orders, materiaisCentavos, totalCentavos: figures.totalCentavos + materiaisCentavos };
}

/**
 * The rows of an order's table in the closing PDF for its materials: one per line (quantity with the unit, the
 * price, '–' for the percentual it does not get, the total), then their sum. None for a closing made before them.
 */
export function materialRows(o: ClosingOrderFigures): string[][] {
  if (!o.materiais) return [];
  return [...o.materiais.map(describeClosingMaterial), ['Materiais', '', '', '', '', formatCentavos(o.materiaisCentavos ?? 0)]];
}

/** The closing PDF's 'Resumo' columns, materials included. */
export const SUMMARY_COLUMNS = columns({ OS: 12, Horas: 18, Km: 17, Despesas: 17, Materiais: 18, Total: 18 }, [
  'Horas',
  'Km',
  'Despesas',
  'Materiais',
  'Total',
]);
