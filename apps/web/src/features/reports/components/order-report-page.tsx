import { ORDER_MSG, type Order } from '@os/shared';
import { Eye, FileDown, FileSpreadsheet, FileText, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { OrderFilterFields } from '../../../components/order-filter-fields';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { PageTitle } from '../../../components/ui/page-title';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingBlock } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { formatDate, padNumber } from '../../../lib/format';
import { EMPTY_REPORT_FILTERS, fetchOrderReport, type OrderReportFilters, useOrderReport } from '../api/get-order-report';
import { exportOrdersCsv, exportOrdersXlsx } from './export-orders';

export const REPORT_PAGE_SIZE = 50;

export interface OrderReportPageProps {
  /** Row action 'edit': the page that composes this screen opens the order modal. */
  onEdit?: (order: Order) => void;
  /** Row action 'delete', with its confirmations. */
  onDelete?: (order: Order) => void;
  /** Row action 'generate the full PDF' (spec §2.7). */
  onGeneratePdf?: (order: Order) => void;
  /** Row action 'view the PDF', offered only when one exists. */
  onViewPdf?: (order: Order) => void;
  /** The order whose PDF is being made (its button spins). */
  generatingPdfId?: number | null;
}

/** /osrelatorio (spec §2.7, admin): filters, 'Buscar Dados', the result paged on the server, CSV/XLSX export. */
export function OrderReportPage({ onEdit, onDelete, onGeneratePdf, onViewPdf, generatingPdfId }: OrderReportPageProps) {
  const [draft, setDraft] = useState<OrderReportFilters>(EMPTY_REPORT_FILTERS);
  const [applied, setApplied] = useState<OrderReportFilters>(EMPTY_REPORT_FILTERS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const report = useOrderReport(applied, { limit: REPORT_PAGE_SIZE, offset: (page - 1) * REPORT_PAGE_SIZE });

  // Nothing fails silently (UI.md): a failed load shows the server's message.
  const failure = report.error;
  useEffect(() => {
    if (failure) toast.error(failure.message);
  }, [failure]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (draft.dataInicio && draft.dataFim && draft.dataInicio > draft.dataFim) {
      toast.error(ORDER_MSG.dateRange);
      return;
    }
    setApplied({ ...draft });
    setPage(1);
  };

  const exportRows = async (kind: 'csv' | 'xlsx') => {
    setExporting(kind);
    try {
      const { items } = await fetchOrderReport(applied);
      if (items.length === 0) {
        toast.error(ORDER_MSG.exportEmpty);
        return;
      }
      if (kind === 'csv') exportOrdersCsv(items);
      else await exportOrdersXlsx(items);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(null);
    }
  };

  const columns: Column<Order>[] = [
    { key: 'numero', header: 'Número', align: 'right', cell: (o) => <span className="font-medium">{padNumber(o.numero)}</span> },
    {
      key: 'cliente',
      header: 'Cliente',
      cell: (o) => (
        <div className="min-w-40">
          <div className="font-medium text-slate-900 dark:text-white">{o.cliente}</div>
          {o.cidade && <div className="text-xs text-slate-500 dark:text-slate-400">{o.cidade}</div>}
        </div>
      ),
    },
    { key: 'data', header: 'Data', align: 'right', cell: (o) => formatDate(o.data) },
    { key: 'eng', header: 'Eng/Técnico', hideBelow: 'sm', cell: (o) => o.engenheiroNome || o.engenheiro || '—' },
    { key: 'status', header: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
    {
      key: 'acoes',
      header: 'Ações',
      align: 'center',
      cell: (o) => (
        <div className="flex justify-center gap-1">
          {onEdit && (
            <IconButton
              label={`Editar OS ${padNumber(o.numero)}`}
              variant="primary"
              icon={<Pencil />}
              onClick={() => onEdit(o)}
            />
          )}
          {onGeneratePdf && (
            <IconButton
              label={`Gerar PDF completo da OS ${padNumber(o.numero)}`}
              icon={<FileDown />}
              loading={generatingPdfId === o.id}
              onClick={() => onGeneratePdf(o)}
            />
          )}
          {onViewPdf && (o.pdf || o.pdfcompleto) && (
            <IconButton label={`Visualizar PDF da OS ${padNumber(o.numero)}`} icon={<Eye />} onClick={() => onViewPdf(o)} />
          )}
          {onDelete && (
            <IconButton
              label={`Excluir OS ${padNumber(o.numero)}`}
              variant="danger"
              icon={<Trash2 />}
              onClick={() => onDelete(o)}
            />
          )}
        </div>
      ),
    },
  ];

  const total = report.data?.total ?? 0;

  return (
    <section>
      <PageTitle
        title={ORDER_MSG.reportTitle}
        count={report.data ? `(${total})` : undefined}
        actions={
          <>
            <Button
              variant="secondary"
              icon={<FileText className="size-4" aria-hidden="true" />}
              loading={exporting === 'csv'}
              disabled={exporting !== null}
              onClick={() => void exportRows('csv')}
            >
              Exportar CSV
            </Button>
            <Button
              variant="secondary"
              icon={<FileSpreadsheet className="size-4" aria-hidden="true" />}
              loading={exporting === 'xlsx'}
              disabled={exporting !== null}
              onClick={() => void exportRows('xlsx')}
            >
              Exportar XLSX
            </Button>
          </>
        }
      />
      <form
        onSubmit={search}
        className="mb-3 grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-6 dark:border-slate-700 dark:bg-slate-900"
      >
        <OrderFilterFields value={draft} onChange={setDraft} />
        <div className="flex items-end">
          <Button type="submit" className="w-full" loading={report.isFetching && !report.isPending}>
            {ORDER_MSG.searchButton}
          </Button>
        </div>
      </form>
      {report.isPending ? (
        <LoadingBlock />
      ) : (
        <Table
          caption={ORDER_MSG.reportTitle}
          columns={columns}
          rows={report.data?.items ?? []}
          rowKey={(o) => o.id}
          empty={ORDER_MSG.reportEmpty}
        />
      )}
      <Pagination className="mt-3" page={page} totalItems={total} pageSize={REPORT_PAGE_SIZE} onPageChange={setPage} />
    </section>
  );
}
