import { CLOSING_MSG, type ClosingFigures, type ClosingSummary, type Order, padNumber } from '@os/shared';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import type { Column } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useCreateClosing, usePreviewClosing } from '../api/closings';
import { ClosingPreview } from './closing-preview';
import { closingPdfUrl } from './closings-list';

/**
 * The orders picked for a closing (docs/rules.md#hours-and-closing): only Concluído ones, all of one client.
 * `column` is the checkbox column for the order table.
 */
export function useClosingSelection() {
  const [selected, setSelected] = useState<Map<number, Order>>(new Map());
  const client = selected.size ? [...selected.values()][0]!.cliente : null;
  const toggle = (order: Order) => {
    const next = new Map(selected);
    if (next.has(order.id)) next.delete(order.id);
    else next.set(order.id, order);
    setSelected(next);
  };
  const column: Column<Order> = {
    key: 'sel',
    header: <span className="sr-only">Selecionar</span>,
    cell: (o) => {
      const closable = o.status === 'Concluído';
      const otherClient = client !== null && o.cliente !== client;
      return (
        <input
          type="checkbox"
          className="size-4 accent-blue-700 max-sm:size-6"
          aria-label={`Selecionar OS ${padNumber(o.numero)}`}
          checked={selected.has(o.id)}
          disabled={!closable || otherClient}
          title={!closable ? CLOSING_MSG.onlyConcluded : otherClient ? CLOSING_MSG.oneClient : undefined}
          onChange={() => toggle(o)}
        />
      );
    },
  };
  return { selected, client, column, clear: () => setSelected(new Map()) };
}

export type ClosingSelection = ReturnType<typeof useClosingSelection>;

/** Under the orders: what is selected, 'Pré-visualizar fechamento', the preview and the closing done. */
export function ClosingBar({ selection }: { selection: ClosingSelection }) {
  const [preview, setPreview] = useState<ClosingFigures | null>(null);
  const [done, setDone] = useState<ClosingSummary | null>(null);
  const previewMutation = usePreviewClosing();
  const createMutation = useCreateClosing();
  const { selected, client } = selection;

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
        selection.clear();
        setDone(closing);
      },
      onError: (error) => toast.error(error.message),
    });

  return (
    <>
      <div className="sticky bottom-0 mt-3 flex flex-col gap-2 border-t border-slate-200 bg-white/95 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700 dark:bg-slate-950/95">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {selected.size
            ? `${selected.size} OS selecionada(s) · ${client}`
            : 'Selecione OS concluídas de um cliente para o fechamento.'}
        </p>
        <Button disabled={!selected.size} loading={previewMutation.isPending} onClick={openPreview}>
          Pré-visualizar fechamento
        </Button>
      </div>

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
    </>
  );
}
