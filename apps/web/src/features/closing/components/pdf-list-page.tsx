import { CLOSING_MSG, formatDate, ORDER_MSG, ORDER_STATUSES, padNumber, STATUS_LABELS } from '@os/shared';
import { Eye, FileDown, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { IconButton } from '../../../components/ui/icon-button';
import { Input, Select } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { Pagination } from '../../../components/ui/pagination';
import { PdfViewerModal } from '../../../components/ui/pdf-viewer-modal';
import { Spinner } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useAuth } from '../../../lib/auth';
import { useDeleteOrder } from '../api/delete-order';
import { PDF_LIST_PAGE_SIZE, useOrderList } from '../api/list-orders';
import type { OrderRow } from '../api/order-row';
import { useOrderPdfActions } from './use-order-pdf-actions';

/** /pdf (spec §2.8): the orders with their PDFs. */
export function PdfListPage() {
  const { isAdmin } = useAuth();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const list = useOrderList({ q, status, page });
  const remove = useDeleteOrder();
  const confirm = useConfirm();
  const pdf = useOrderPdfActions();

  const onDelete = async (row: OrderRow) => {
    if (!(await confirm({ message: ORDER_MSG.confirmDelete, confirmLabel: 'Excluir', danger: true }))) return;
    remove.mutate(row.id, {
      onSuccess: () => toast.success(ORDER_MSG.deleted),
      onError: (error) => toast.error(error.message),
    });
  };

  const columns: Column<OrderRow>[] = [
    { key: 'numero', header: 'Número', cell: (r) => <span className="font-medium tabular-nums">{padNumber(r.numero)}</span> },
    {
      key: 'cliente',
      header: 'Cliente',
      cell: (r) => (
        <div>
          <div>{r.cliente}</div>
          {r.responsavel && <div className="text-xs text-slate-500 dark:text-slate-400">{r.responsavel}</div>}
        </div>
      ),
    },
    { key: 'cidade', header: 'Cidade', cell: (r) => r.cidade, hideBelow: 'md' },
    { key: 'data', header: 'Data', cell: (r) => formatDate(r.data), hideBelow: 'sm' },
    { key: 'tecnico', header: 'Técnico', cell: (r) => r.engenheiroNome || r.engenheiro, hideBelow: 'lg' },
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'acoes',
      header: 'Ações',
      align: 'right',
      cell: (r) => (
        <div className="flex justify-end gap-1">
          {(r.pdfcompleto || r.pdf) && (
            <IconButton label={`Visualizar PDF da OS ${padNumber(r.numero)}`} icon={<Eye />} onClick={() => pdf.view(r)} />
          )}
          {isAdmin && (
            <IconButton
              label={`Gerar PDF da OS ${padNumber(r.numero)}`}
              icon={<FileDown />}
              variant="primary"
              loading={pdf.generatingId === r.id}
              onClick={() => pdf.generate(r)}
            />
          )}
          {isAdmin && (
            <IconButton
              label={`Excluir OS ${padNumber(r.numero)}`}
              icon={<Trash2 />}
              variant="danger"
              onClick={() => onDelete(r)}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <div>
      <PageTitle
        title={CLOSING_MSG.pdfListTitle}
        documentTitle="Fechamento"
        count={list.data ? `(${list.data.total})` : undefined}
      />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row">
        <Input
          type="search"
          placeholder={CLOSING_MSG.searchPlaceholder}
          aria-label={CLOSING_MSG.searchPlaceholder}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
          className="sm:max-w-sm"
        />
        <Select
          aria-label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
          className="sm:max-w-48"
        >
          <option value="">{ORDER_MSG.allStatuses}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      {list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Carregando..." />
        </div>
      ) : list.isError ? (
        <p role="alert" className="py-6 text-center text-sm text-red-700 dark:text-red-400">
          {list.error.message}
        </p>
      ) : (
        <>
          <Table
            columns={columns}
            rows={list.data.rows}
            rowKey={(r) => r.id}
            empty={CLOSING_MSG.listEmpty}
            caption={CLOSING_MSG.pdfListTitle}
          />
          <Pagination
            className="mt-3"
            page={page}
            totalItems={list.data.total}
            pageSize={PDF_LIST_PAGE_SIZE}
            onPageChange={setPage}
          />
        </>
      )}
      {pdf.viewing && (
        <PdfViewerModal
          open
          onOpenChange={(open) => !open && pdf.closeViewer()}
          numero={pdf.viewing.numero}
          url={pdf.viewing.url}
        />
      )}
    </div>
  );
}
