import { addDays, businessToday, type DueMaintenance, MAINT_MSG, padNumber } from '@os/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { Table } from '../../../components/ui/table';
import { toast, useErrorToast } from '../../../components/ui/toast';
import { technicians, useUsers } from '../../../lib/registers';
import { useDueMaintenance, useGenerateMaintenance } from '../api/equipment';
import { maintenanceColumns } from './maintenance-columns';

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
  // docs/rules.md#equipment: each order goes to the equipment's last technician unless another is chosen here.
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const users = useUsers({ select: technicians, staleTime: 60_000 });
  const technicianOf = (r: DueMaintenance) => picked.get(r.id) ?? (r.tecnico ? String(r.tecnico.id) : '');
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
      {
        equipamentoIds: chosen.map((r) => r.id),
        tecnicos: Object.fromEntries(chosen.map((r) => [String(r.id), Number(technicianOf(r)) || null])),
      },
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

  const columns = maintenanceColumns({
    isChosen: (id) => selected.has(id),
    allChosen,
    noneSelectable: selectable.length === 0,
    toggle,
    toggleAll: () => setSelected(allChosen ? new Set() : new Set(selectable.map((r) => r.id))),
    technicians: (users.data ?? []).map((u) => ({ id: u.id, nome: u.nome_completo || u.username })),
    technicianOf,
    chooseTechnician: (id, tecnicoId) => setPicked(new Map(picked).set(id, tecnicoId)),
  });

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
