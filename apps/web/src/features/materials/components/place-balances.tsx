import { formatQuantity, MAT_MSG, MATERIAL_PAGE_SIZE, type StockPlace } from '@os/shared';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { FoundCount } from '../../../components/ui/found-count';
import { PagedTable } from '../../../components/ui/paged-table';
import { SearchInput } from '../../../components/ui/search-input';
import { type Column, Table } from '../../../components/ui/table';
import { useErrorToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { useDebounced } from '../../../lib/use-debounced';
import { type BalanceFilters, type BalanceRow, usePlaceBalances } from '../api/stock';
import { usePageOf } from './use-page-of';

const COLUMNS: Column<BalanceRow>[] = [
  { key: 'codigo', header: 'Código', cell: (b) => <span className="font-medium">{b.codigo}</span> },
  { key: 'descricao', header: 'Descrição', cell: (b) => b.descricao },
  {
    key: 'saldo',
    header: 'Saldo',
    align: 'right',
    cell: (b) => (
      <span className={cn('tabular-nums', b.negativo && 'font-semibold text-red-700 dark:text-red-400')}>
        {formatQuantity(b.saldo)} {b.unidade}
      </span>
    ),
  },
  {
    key: 'situacao',
    header: 'Situação',
    cell: (b) => (b.negativo ? <Badge tone="red">{MAT_MSG.negative}</Badge> : <Badge tone="green">OK</Badge>),
  },
];

/** A place's balances by código; a negative one in red with 'Saldo negativo' (docs/rules.md#materials-and-stock). */
export function PlaceBalances({ saldos, caption, empty }: { saldos: BalanceRow[]; caption: string; empty: string }) {
  return <Table columns={COLUMNS} rows={saldos} rowKey={(b) => b.materialId} caption={caption} empty={empty} />;
}

/**
 * The balances of the place chosen on /estoque (docs/screens.md#estoque), 20 a page from the server: 'Buscar
 * material' over código and descrição (accents and case ignored) and 'Somente negativos'.
 */
export function PagedPlaceBalances({ place }: { place: StockPlace }) {
  const [filters, setFilters] = useState<BalanceFilters>({ search: '', negativos: false, page: 1 });
  const search = useDebounced(filters.search);
  const list = usePlaceBalances(place.id, { ...filters, search });
  const set = (change: Partial<BalanceFilters>) => setFilters((f) => ({ ...f, ...change, page: 1 }));
  const setPage = usePageOf(setFilters);
  useErrorToast(list.error);
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <SearchInput
          className="w-full sm:max-w-sm"
          label="Buscar material"
          placeholder={MAT_MSG.searchPlaceholder}
          value={filters.search}
          onChange={(value) => set({ search: value })}
        />
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-blue-700"
            checked={filters.negativos}
            onChange={(e) => set({ negativos: e.target.checked })}
          />
          {MAT_MSG.onlyNegative}
        </label>
        <FoundCount what="Materiais" total={list.data?.total} />
      </div>
      <PagedTable
        list={list}
        columns={COLUMNS}
        caption={`Saldos de ${place.nome}`}
        loading="Carregando saldos..."
        empty="Nenhum material neste local."
        page={filters.page}
        pageSize={MATERIAL_PAGE_SIZE}
        setPage={setPage}
      />
    </div>
  );
}
