import { equipment } from './schema';

/**
 * What names a machine on paper and to the client (docs/rules.md#equipment): the order PDF, the quote and
 * the portal select these columns of a registered equipment.
 */
export const plateColumns = {
  tipo: equipment.tipo,
  fabricante: equipment.fabricante,
  modelo: equipment.modelo,
  numeroSerie: equipment.numeroSerie,
  local: equipment.local,
  dataInstalacao: equipment.dataInstalacao,
};
