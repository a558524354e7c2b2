import { QUOTE_MSG, QUOTE_STATUSES, type Quote, type QuoteStatus, type QuoteSummary } from '@os/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Options, Select } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { PagedTable } from '../../../components/ui/paged-table';
import { QUOTE_TONES } from '../../../components/ui/status-tones';
import type { Column } from '../../../components/ui/table';
import { useErrorToast } from '../../../components/ui/toast';
import { formatCentavos, formatDate, padNumber } from '../../../lib/format';
import { QUOTE_PAGE_SIZE, useQuotes } from '../api/quotes';
import { QuoteDetailModal } from './quote-detail-modal';
import { QuoteFormModal } from './quote-form-modal';
import type { MaterialPickerSlot } from './quote-items-field';

/**
 * /orcamentos 'Orçamentos' (docs/screens.md#orcamentos): the list, newest first, a status filter, the form and the
 * card; the form's material items search the register through `MaterialPicker` (the materials feature's, given by
 * app/routes/quotes-route.tsx).
 */
export function QuotesPage({ MaterialPicker }: { MaterialPicker: MaterialPickerSlot }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<QuoteStatus | ''>('');
  const [editing, setEditing] = useState<{ quote?: Quote } | null>(null);
  // /orcamentos?abrir=ID (the order view's link) opens that quote's card.
  const [params] = useSearchParams();
  const [open, setOpen] = useState<number | null>(() => Number(params.get('abrir')) || null);
  const quotes = useQuotes(page, status);
  useErrorToast(quotes.error);

  const columns: Column<QuoteSummary>[] = [
    {
      key: 'codigo',
      header: 'Número',
      cell: (q) => (
        <button
          type="button"
          className="font-medium whitespace-nowrap text-blue-700 hover:underline dark:text-blue-300"
          onClick={() => setOpen(q.id)}
        >
          {q.codigo}
        </button>
      ),
    },
    { key: 'cliente', header: 'Cliente', cell: (q) => q.cliente },
    { key: 'validade', header: 'Validade', hideBelow: 'sm', cell: (q) => formatDate(q.validade) },
    { key: 'total', header: 'Total', align: 'right', cell: (q) => formatCentavos(Math.round(q.total * 100)) },
    { key: 'status', header: 'Situação', cell: (q) => <Badge tone={QUOTE_TONES[q.status]}>{q.status}</Badge> },
    { key: 'os', header: 'OS', hideBelow: 'md', cell: (q) => (q.os ? padNumber(q.os.numero) : '') },
  ];

  return (
    <section>
      <PageTitle
        title={QUOTE_MSG.title}
        documentTitle={QUOTE_MSG.title}
        actions={<Button onClick={() => setEditing({})}>+ Novo orçamento</Button>}
      />
      <div className="mb-3 flex max-w-xs flex-col gap-1">
        <label htmlFor="quote-status" className="text-sm font-medium text-slate-700 dark:text-slate-200">
          Situação
        </label>
        <Select
          id="quote-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as QuoteStatus | '');
            setPage(1);
          }}
        >
          <Options values={QUOTE_STATUSES} empty="Todas" />
        </Select>
      </div>
      <PagedTable
        list={quotes}
        columns={columns}
        caption={QUOTE_MSG.title}
        loading="Carregando orçamentos..."
        empty={QUOTE_MSG.empty}
        page={page}
        pageSize={QUOTE_PAGE_SIZE}
        setPage={setPage}
      />
      {editing && (
        <QuoteFormModal
          quote={editing.quote}
          MaterialPicker={MaterialPicker}
          onClose={() => setEditing(null)}
          onSaved={(q) => {
            setEditing(null);
            setOpen(q.id);
          }}
        />
      )}
      {open !== null && !editing && (
        <QuoteDetailModal id={open} onClose={() => setOpen(null)} onEdit={(q) => setEditing({ quote: q })} />
      )}
    </section>
  );
}
