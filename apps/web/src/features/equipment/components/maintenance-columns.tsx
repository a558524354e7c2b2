import { type DueMaintenance, equipmentName, formatDate, MAINT_MSG, padNumber } from '@os/shared';
import { Badge } from '../../../components/ui/badge';
import { RowOptions, Select } from '../../../components/ui/input';
import type { Column } from '../../../components/ui/table';
import { equipmentColumn } from './equipment-column';

const CHECKBOX = 'size-4 accent-blue-700 max-sm:size-6';

/** The selection's state and moves, for the checkbox column. */
export interface MaintenanceSelection {
  isChosen: (id: number) => boolean;
  allChosen: boolean;
  /** None to choose: every row already has its preventive order open. */
  noneSelectable: boolean;
  toggle: (id: number) => void;
  toggleAll: () => void;
  /** The technicians to choose from, and the one each row's order goes to ('' none). */
  technicians: { id: number; nome: string }[];
  technicianOf: (row: DueMaintenance) => string;
  chooseTechnician: (id: number, tecnicoId: string) => void;
}

/**
 * The columns of 'Manutenções Previstas' (docs/screens.md#manutencoes): a checkbox (none where the preventive
 * order is already open), the due day (overdue in red and marked), the client, the equipment and its last and
 * open preventive orders.
 */
export function maintenanceColumns(selection: MaintenanceSelection): Column<DueMaintenance>[] {
  return [
    {
      key: 'sel',
      header: (
        <input
          type="checkbox"
          className={CHECKBOX}
          aria-label="Selecionar todos"
          checked={selection.allChosen}
          disabled={selection.noneSelectable}
          onChange={selection.toggleAll}
        />
      ),
      label: 'Selecionar',
      cell: (r) =>
        r.preventivaAberta ? (
          <span className="text-xs text-slate-500 dark:text-slate-400">—</span>
        ) : (
          <input
            type="checkbox"
            className={CHECKBOX}
            aria-label={`Selecionar ${equipmentName(r)} ${r.numeroSerie}`}
            checked={selection.isChosen(r.id)}
            onChange={() => selection.toggle(r.id)}
          />
        ),
    },
    {
      key: 'proxima',
      header: 'Próxima manutenção',
      cell: (r) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <span className={r.atrasada ? 'font-semibold text-red-700 dark:text-red-300' : undefined}>
            {formatDate(r.proximaManutencao)}
          </span>
          {r.atrasada && <Badge tone="red">{MAINT_MSG.overdue}</Badge>}
        </span>
      ),
    },
    { key: 'cliente', header: 'Cliente', cell: (r) => r.cliente },
    equipmentColumn(),
    { key: 'serie', header: 'Nº de série', hideBelow: 'md', cell: (r) => <span className="break-all">{r.numeroSerie}</span> },
    { key: 'local', header: 'Local', hideBelow: 'lg', cell: (r) => r.local },
    {
      key: 'ultima',
      header: 'Última preventiva',
      hideBelow: 'lg',
      cell: (r) =>
        r.ultimaPreventiva
          ? `OS ${padNumber(r.ultimaPreventiva.numero)} · ${formatDate(r.ultimaPreventiva.endDate ?? r.ultimaPreventiva.data)}`
          : 'Nenhuma',
    },
    {
      key: 'tecnico',
      header: MAINT_MSG.technicianColumn,
      cell: (r) =>
        r.preventivaAberta ? (
          '—'
        ) : (
          <Select
            aria-label={`${MAINT_MSG.technicianColumn}: ${equipmentName(r)} ${r.numeroSerie}`}
            value={selection.technicianOf(r)}
            onChange={(e) => selection.chooseTechnician(r.id, e.target.value)}
            className="min-w-40"
          >
            <RowOptions rows={selection.technicians} label={(t) => t.nome} empty={MAINT_MSG.noTechnician} />
          </Select>
        ),
    },
    {
      key: 'aberta',
      header: 'OS aberta',
      cell: (r) =>
        r.preventivaAberta ? <Badge tone="yellow">{`OS ${padNumber(r.preventivaAberta.numero)} aberta`}</Badge> : '—',
    },
  ];
}
