import { addDays, businessToday, type DueMaintenance, equipmentName, formatDate, MAINT_MSG, padNumber } from '@os/shared';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { toast, useErrorToast } from '../../../components/ui/toast';
import { useDueMaintenance, useGenerateMaintenance } from '../api/equipment';
import { equipmentColumn } from './equipment-column';

/** The list starts 30 days ahead, so next month's visits can be planned (docs/screens.md#manutencoes). */
export const DUE_DAYS_AHEAD = 30;

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && s >= '2000-01-01' && s <= '2099-12-31';

/**
 * docs/screens.md#manutencoes 'Manutenções Previstas': the preventive visits due by a day, overdue first and
 * marked, a checkbox per row (none for equipment whose preventive order is already open) and 'Gerar OS'.
 */
export function MaintenancePage() {
  const [ate, setAte] = useState(() => addDays(businessToday(), DUE_DAYS_AHEAD));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const due = useDueMaintenance(ate, { enabled: isDay(ate) });
  const generate = useGenerateMaintenance();
  useErrorToast(due.error);
  const rows = due.data ?? [];
  const selectable = rows.filter((r) => !r.preventivaAberta);
  const chosen = selectable.filter((r) => selected.has(r.id));
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  const onGenerate = () =>
    generate.mutate(
      chosen.map((r) => r.id),
      {
        onSuccess: ({ criadas }) => {
          setSelected(new Set());
          const numbers = criadas.map((c) => padNumber(c.numero)).join(', ');
          toast.success(
            criadas.length === 1 ? `OS ${numbers} gerada com sucesso.` : `${criadas.length} OS geradas com sucesso: ${numbers}.`,
          );
        },
        onError: (error) => toast.error(error.message),
      },
    );

  const columns: Column<DueMaintenance>[] = [
    {
      key: 'sel',
      header: (
        <input
          type="checkbox"
          className="size-4 accent-blue-700 max-sm:size-6"
          aria-label="Selecionar todos"
          checked={allChosen}
          disabled={selectable.length === 0}
          onChange={() => setSelected(allChosen ? new Set() : new Set(selectable.map((r) => r.id)))}
        />
      ),
      label: 'Selecionar',
      cell: (r) =>
        r.preventivaAberta ? (
          <span className="text-xs text-slate-500 dark:text-slate-400">—</span>
        ) : (
          <input
            type="checkbox"
            className="size-4 accent-blue-700 max-sm:size-6"
            aria-label={`Selecionar ${equipmentName(r)} ${r.numeroSerie}`}
            checked={selected.has(r.id)}
            onChange={() => toggle(r.id)}
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
      key: 'aberta',
      header: 'OS aberta',
      cell: (r) =>
        r.preventivaAberta ? <Badge tone="yellow">{`OS ${padNumber(r.preventivaAberta.numero)} aberta`}</Badge> : '—',
    },
  ];

  return (
    <section>
      <PageTitle title={MAINT_MSG.title} documentTitle={MAINT_MSG.menu} />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <Field label={MAINT_MSG.until} className="w-full sm:w-44">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={ate}
              min="2000-01-01"
              max="2099-12-31"
              onChange={(e) => {
                setAte(e.target.value);
                setSelected(new Set());
              }}
            />
          )}
        </Field>
        <p className="text-sm text-slate-600 sm:ml-auto dark:text-slate-300" aria-live="polite">
          Manutenções previstas: {rows.length} · atrasadas: {rows.filter((r) => r.atrasada).length}
        </p>
      </div>
      {due.isPending && isDay(ate) ? (
        <LoadingBlock text="Carregando manutenções..." />
      ) : (
        <Table
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          caption={MAINT_MSG.title}
          empty={<EmptyState title={MAINT_MSG.empty} className="py-4" />}
        />
      )}
      <div className="sticky bottom-0 mt-3 flex flex-col gap-2 border-t border-slate-200 bg-white/95 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700 dark:bg-slate-950/95">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {chosen.length
            ? `${chosen.length} equipamento(s) selecionado(s)`
            : 'Selecione os equipamentos para gerar as OS preventivas.'}
        </p>
        <Button disabled={!chosen.length} loading={generate.isPending} onClick={onGenerate} className="max-sm:w-full">
          {MAINT_MSG.generate}
        </Button>
      </div>
    </section>
  );
}
