import { formatDate } from '@os/shared';
import { Link } from 'react-router';
import { InfoGrid } from '../../../components/ui/info-grid';
import { useEquipment } from '../api/equipment';

/**
 * The registered equipment an order is for (docs/rules.md#equipment): tipo, fabricante, modelo, série, local,
 * with a link to its page and history. Shown by the order view when the order has `equipamentoId`.
 */
export function EquipmentSummary({ id }: { id: number }) {
  const equipment = useEquipment(id);
  const e = equipment.data;
  if (!e) return null;
  const items: [string, string][] = [
    ['Tipo', e.tipo],
    ['Fabricante', e.fabricante],
    ['Modelo', e.modelo],
    ['Nº de série', e.numeroSerie],
    ['Local', e.local],
    ['Data de instalação', formatDate(e.dataInstalacao)],
  ];
  return (
    <section aria-label="Equipamento do cliente" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-200">Equipamento do cliente</h3>
      <InfoGrid items={items} />
      <Link to={`/equipamentos/${e.id}`} className="text-sm text-blue-700 hover:underline dark:text-blue-300">
        Ver histórico do equipamento
      </Link>
    </section>
  );
}
