import { formatQuantity, MAT_MSG, type StockBalance } from '@os/shared';
import { Badge } from '../../../components/ui/badge';
import { type Column, Table } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';

const COLUMNS: Column<StockBalance>[] = [
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
export function PlaceBalances({ saldos, caption, empty }: { saldos: StockBalance[]; caption: string; empty: string }) {
  return <Table columns={COLUMNS} rows={saldos} rowKey={(b) => b.materialId} caption={caption} empty={empty} />;
}
