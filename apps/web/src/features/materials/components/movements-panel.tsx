import { formatDateTime, formatQuantity, type Material, padNumber, type StockMovement, type StockPlace } from '@os/shared';
import { useState } from 'react';
import { Field } from '../../../components/ui/field';
import { Input, RowOptions, Select } from '../../../components/ui/input';
import { PagedTable } from '../../../components/ui/paged-table';
import type { Column } from '../../../components/ui/table';
import { useErrorToast } from '../../../components/ui/toast';
import { MOVEMENTS_PAGE_SIZE, type MovementFilters, useMovements } from '../api/stock';
import { usePageOf } from './use-page-of';

const TIPOS: Record<StockMovement['tipo'], string> = {
  entrada: 'Entrada',
  transferencia: 'Transferência',
  ajuste: 'Ajuste',
  consumo: 'Consumo',
  devolucao: 'Devolução',
};

const COLUMNS: Column<StockMovement>[] = [
  { key: 'quando', header: 'Data', cell: (m) => <span className="tabular-nums">{formatDateTime(m.createdAt)}</span> },
  { key: 'tipo', header: 'Tipo', cell: (m) => TIPOS[m.tipo] },
  { key: 'material', header: 'Material', cell: (m) => `${m.codigo} · ${m.descricao}` },
  { key: 'quantidade', header: 'Quantidade', align: 'right', cell: (m) => `${formatQuantity(m.quantidade)} ${m.unidade}` },
  { key: 'origem', header: 'Origem', hideBelow: 'md', cell: (m) => m.origem ?? '—' },
  { key: 'destino', header: 'Destino', hideBelow: 'md', cell: (m) => m.destino ?? '—' },
  { key: 'os', header: 'OS', hideBelow: 'lg', cell: (m) => (m.osNumero ? padNumber(m.osNumero) : '—') },
  { key: 'motivo', header: 'Motivo', hideBelow: 'lg', cell: (m) => m.motivo || '—' },
  { key: 'usuario', header: 'Usuário', hideBelow: 'lg', cell: (m) => m.usuario },
];

const NO_FILTERS: MovementFilters = { localId: 0, materialId: 0, dataInicio: '', dataFim: '', page: 1 };

/** The ledger of /estoque with its filters (place, material, days): who, when, what, from, to, the order. */
export function MovementsPanel({ places, materials }: { places: StockPlace[]; materials: Material[] }) {
  const [filters, setFilters] = useState(NO_FILTERS);
  const set = (change: Partial<MovementFilters>) => setFilters((f) => ({ ...f, ...change, page: 1 }));
  const setPage = usePageOf(setFilters);
  const list = useMovements(filters);
  useErrorToast(list.error);
  return (
    <section aria-labelledby="movimentos-title" className="mt-8">
      <h2 id="movimentos-title" className="mb-3 text-lg font-semibold">
        Movimentos
      </h2>
      <div className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-4">
        <Field label="Local">
          {(control) => (
            <Select {...control} value={filters.localId || ''} onChange={(e) => set({ localId: Number(e.target.value) })}>
              <RowOptions rows={places} label={(p) => p.nome} empty="Todos" />
            </Select>
          )}
        </Field>
        <Field label="Material">
          {(control) => (
            <Select {...control} value={filters.materialId || ''} onChange={(e) => set({ materialId: Number(e.target.value) })}>
              <RowOptions rows={materials} label={(m) => `${m.codigo} · ${m.descricao}`} empty="Todos" />
            </Select>
          )}
        </Field>
        <Field label="Data Início">
          {(control) => (
            <Input {...control} type="date" value={filters.dataInicio} onChange={(e) => set({ dataInicio: e.target.value })} />
          )}
        </Field>
        <Field label="Data Fim">
          {(control) => (
            <Input {...control} type="date" value={filters.dataFim} onChange={(e) => set({ dataFim: e.target.value })} />
          )}
        </Field>
      </div>
      <PagedTable
        list={list}
        columns={COLUMNS}
        caption="Movimentos de estoque"
        loading="Carregando movimentos..."
        empty="Nenhum movimento encontrado."
        page={filters.page}
        pageSize={MOVEMENTS_PAGE_SIZE}
        setPage={setPage}
      />
    </section>
  );
}
