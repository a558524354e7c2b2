import { CLOSING_MSG, type ClosingFigures, type ClosingSummary, formatDate, ORDER_MSG, padNumber } from '@os/shared';
import { Download, Eye, FileDown, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { OrderFilterFields } from '../../../components/order-filter-fields';
import { IconButton } from '../../../components/ui/icon-button';
import { Modal } from '../../../components/ui/modal';
import { PageTitle } from '../../../components/ui/page-title';
import { PdfViewerModal } from '../../../components/ui/pdf-viewer-modal';
import { Spinner } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useCreateClosing } from '../api/create-closing';
import { useDeleteOrder } from '../api/delete-order';
import type { OrderRow } from '../api/order-row';
import { usePreviewClosing } from '../api/preview-closing';
import { type ReportFilters, useReportOrders } from '../api/report-orders';
import { ClosingPreview } from './closing-preview';
import { ClosingsList, closingPdfUrl } from './closings-list';
import { useOrderPdfActions } from './use-order-pdf-actions';

const EMPTY_FILTERS: ReportFilters = { dataInicio: '', dataFim: '', cliente: '', status: 'Concluído', engenheiro: '' };

/** /fechamento (spec §2.9, DECISIONS.md §6, §8): the report's filters and table, and the closing itself. */
export interface ClosingFiltersPageProps {
  /** Row action 'edit' (spec §2.9): the page composing this screen opens the order modal. */
  onEdit?: (row: OrderRow) => void;
}

export function ClosingFiltersPage({ onEdit }: ClosingFiltersPageProps = {}) {
  const [form, setForm] = useState<ReportFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<ReportFilters | null>(null);
  const report = useReportOrders(filters);
  const [selected, setSelected] = useState<Map<number, OrderRow>>(new Map());
  const [preview, setPreview] = useState<ClosingFigures | null>(null);
  const [done, setDone] = useState<ClosingSummary | null>(null);
  const previewMutation = usePreviewClosing();
  const createMutation = useCreateClosing();
  const remove = useDeleteOrder();
  const confirm = useConfirm();
  const pdf = useOrderPdfActions();

  const rows = report.data?.rows ?? [];
  const selectedClient = selected.size ? [...selected.values()][0]!.cliente : null;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setSelected(new Map());
    setFilters({ ...form });
  };

  const toggle = (row: OrderRow) => {
    const next = new Map(selected);
    if (next.has(row.id)) next.delete(row.id);
    else next.set(row.id, row);
    setSelected(next);
  };

  const openPreview = () =>
    previewMutation.mutate([...selected.keys()], {
      onSuccess: setPreview,
      onError: (error) => toast.error(error.message),
    });

  const confirmClosing = () =>
    createMutation.mutate([...selected.keys()], {
      onSuccess: (closing) => {
        toast.success(CLOSING_MSG.closingDone);
        setPreview(null);
        setSelected(new Map());
        setDone(closing);
      },
      onError: (error) => toast.error(error.message),
    });

  const onDelete = async (row: OrderRow) => {
    if (!(await confirm({ message: ORDER_MSG.confirmDelete, confirmLabel: 'Excluir', danger: true }))) return;
    remove.mutate(row.id, {
      onSuccess: () => toast.success(ORDER_MSG.deleted),
      onError: (error) => toast.error(error.message),
    });
  };

  const columns: Column<OrderRow>[] = [
    {
      key: 'sel',
      header: <span className="sr-only">Selecionar</span>,
      cell: (r) => {
        const closable = r.status === 'Concluído';
        const otherClient = selectedClient !== null && r.cliente !== selectedClient;
        return (
          <input
            type="checkbox"
            className="size-4 accent-blue-700 max-sm:size-6"
            aria-label={`Selecionar OS ${padNumber(r.numero)}`}
            checked={selected.has(r.id)}
            disabled={!closable || otherClient}
            title={!closable ? CLOSING_MSG.onlyConcluded : otherClient ? CLOSING_MSG.oneClient : undefined}
            onChange={() => toggle(r)}
          />
        );
      },
    },
    { key: 'numero', header: 'Número', cell: (r) => <span className="font-medium tabular-nums">{padNumber(r.numero)}</span> },
    {
      key: 'cliente',
      header: 'Cliente',
      cell: (r) => (
        <div>
          <div>{r.cliente}</div>
          {r.cidade && <div className="text-xs text-slate-500 dark:text-slate-400">{r.cidade}</div>}
        </div>
      ),
    },
    { key: 'data', header: 'Data', cell: (r) => formatDate(r.data), hideBelow: 'sm' },
    { key: 'eng', header: 'Eng/Técnico', cell: (r) => r.engenheiroNome || r.engenheiro, hideBelow: 'md' },
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'acoes',
      header: 'Ações',
      align: 'right',
      cell: (r) => (
        <div className="flex justify-end gap-1">
          {onEdit && <IconButton label={`Editar OS ${padNumber(r.numero)}`} icon={<Pencil />} onClick={() => onEdit(r)} />}
          {(r.pdfcompleto || r.pdf) && (
            <>
              <IconButton label={`Visualizar PDF da OS ${padNumber(r.numero)}`} icon={<Eye />} onClick={() => pdf.view(r)} />
              <IconButton
                label={`Baixar PDF da OS ${padNumber(r.numero)}`}
                icon={<Download />}
                loading={pdf.downloadingId === r.id}
                onClick={() => pdf.download(r)}
              />
            </>
          )}
          <IconButton
            label={`Gerar PDF da OS ${padNumber(r.numero)}`}
            icon={<FileDown />}
            variant="primary"
            loading={pdf.generatingId === r.id}
            onClick={() => pdf.generate(r)}
          />
          <IconButton
            label={`Excluir OS ${padNumber(r.numero)}`}
            icon={<Trash2 />}
            variant="danger"
            onClick={() => onDelete(r)}
          />
        </div>
      ),
    },
  ];

  return (
    <div>
      <PageTitle title={CLOSING_MSG.closingScreenTitle} count={report.data ? `(${report.data.total})` : undefined} />
      <form onSubmit={search} className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end">
        <OrderFilterFields value={form} onChange={setForm} />
        <Button type="submit" loading={report.isFetching}>
          Buscar Dados
        </Button>
      </form>

      {filters && (
        <>
          {report.isError ? (
            <p role="alert" className="py-6 text-center text-sm text-red-700 dark:text-red-400">
              {report.error.message}
            </p>
          ) : report.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner label="Carregando..." />
            </div>
          ) : (
            <Table
              columns={columns}
              rows={rows}
              rowKey={(r) => r.id}
              empty={CLOSING_MSG.reportEmpty}
              caption="Ordens de serviço"
            />
          )}
          <div className="sticky bottom-0 mt-3 flex flex-col gap-2 border-t border-slate-200 bg-white/95 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700 dark:bg-slate-950/95">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {selected.size
                ? `${selected.size} OS selecionada(s) · ${selectedClient}`
                : 'Selecione OS concluídas de um cliente para o fechamento.'}
            </p>
            <Button disabled={!selected.size} loading={previewMutation.isPending} onClick={openPreview}>
              Pré-visualizar fechamento
            </Button>
          </div>
        </>
      )}

      <ClosingsList />

      <Modal
        open={preview !== null}
        onOpenChange={(open) => !open && setPreview(null)}
        size="xl"
        title="Prévia do fechamento"
        footer={
          <>
            <Button variant="secondary" onClick={() => setPreview(null)}>
              Cancelar
            </Button>
            <Button loading={createMutation.isPending} onClick={confirmClosing}>
              {CLOSING_MSG.confirmClosing}
            </Button>
          </>
        }
      >
        {preview && <ClosingPreview figures={preview} />}
      </Modal>

      {done && (
        <Modal
          open
          onOpenChange={(open) => !open && setDone(null)}
          size="sm"
          title={`Fechamento ${padNumber(done.numero)}`}
          footer={
            <Button variant="secondary" onClick={() => setDone(null)}>
              Fechar
            </Button>
          }
        >
          <p className="mb-4 text-sm">{CLOSING_MSG.closingDone}</p>
          <a
            href={closingPdfUrl(done.numero)}
            download={`Fechamento_${padNumber(done.numero)}.pdf`}
            className="inline-flex h-9 items-center gap-1.5 rounded-md bg-blue-700 px-3.5 text-sm font-medium text-white hover:bg-blue-800 max-sm:min-h-11 dark:bg-blue-600 dark:hover:bg-blue-500"
          >
            <FileDown className="size-4" aria-hidden="true" /> Baixar PDF do fechamento
          </a>
        </Modal>
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
