import { CLOSING_MSG, type ClosingSummary, formatCentavos, formatDate, padNumber, reopenClosingSchema } from '@os/shared';
import { Download, Eye, QrCode, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { PdfViewerModal } from '../../../components/ui/pdf-viewer-modal';
import { rowActionsColumn } from '../../../components/ui/row-actions';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useClosings, useReopenClosing } from '../api/closings';

export const closingPdfUrl = (numero: number) => `/api/fechamentos/${numero}/pdf`;

/** Past closings with their PDF and the reopen action (admin, with a reason); `onCharge` opens a closing's PIX charge. */
export function ClosingsList({ onCharge }: { onCharge?: (numero: number) => void } = {}) {
  const closings = useClosings();
  const [viewing, setViewing] = useState<ClosingSummary | null>(null);
  const [reopening, setReopening] = useState<ClosingSummary | null>(null);
  const columns: Column<ClosingSummary>[] = [
    { key: 'numero', header: 'Número', cell: (c) => <span className="font-medium tabular-nums">{padNumber(c.numero)}</span> },
    { key: 'cliente', header: 'Cliente', cell: (c) => c.cliente },
    { key: 'os', header: 'OS', cell: (c) => c.osNumeros.map((n) => padNumber(n)).join(', '), hideBelow: 'md' },
    { key: 'data', header: 'Data', cell: (c) => formatDate(c.createdAt), hideBelow: 'sm' },
    { key: 'total', header: 'Total', align: 'right', cell: (c) => formatCentavos(c.totalCentavos) },
    {
      key: 'status',
      header: 'Situação',
      cell: (c) => <Badge tone={c.status === 'Fechado' ? 'red' : 'gray'}>{c.status}</Badge>,
    },
    rowActionsColumn<ClosingSummary>(
      (c) => [
        {
          kind: 'view',
          label: `Visualizar PDF do fechamento ${padNumber(c.numero)}`,
          icon: <Eye />,
          onClick: () => setViewing(c),
        },
        {
          kind: 'pdf',
          label: `Baixar PDF do fechamento ${padNumber(c.numero)}`,
          icon: <Download aria-hidden="true" />,
          href: closingPdfUrl(c.numero),
          download: `Fechamento_${padNumber(c.numero)}.pdf`,
        },
        !!onCharge &&
          c.totalCentavos > 0 && {
            kind: 'view',
            label: `Cobrança PIX do fechamento ${padNumber(c.numero)}`,
            icon: <QrCode />,
            onClick: () => onCharge(c.numero),
          },
        // Reopening undoes the closing: the destructive action, last.
        c.status === 'Fechado' && {
          kind: 'delete',
          label: `Reabrir fechamento ${padNumber(c.numero)}`,
          icon: <RotateCcw />,
          onClick: () => setReopening(c),
        },
      ],
      { align: 'end' },
    ),
  ];

  return (
    <section className="mt-8" aria-labelledby="closings-title">
      <h2 id="closings-title" className="mb-2 text-lg font-semibold">
        Fechamentos realizados
      </h2>
      {closings.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {closings.error.message}
        </p>
      ) : (
        <Table
          columns={columns}
          rows={closings.data ?? []}
          rowKey={(c) => c.id}
          empty={CLOSING_MSG.closingsEmpty}
          caption="Fechamentos realizados"
        />
      )}
      {viewing && (
        <PdfViewerModal
          open
          onOpenChange={(open) => !open && setViewing(null)}
          numero={viewing.numero}
          url={closingPdfUrl(viewing.numero)}
          title={`Visualizar PDF - Fechamento ${padNumber(viewing.numero)}`}
        />
      )}
      {reopening && <ReopenClosingModal closing={reopening} onClose={() => setReopening(null)} />}
    </section>
  );
}

/** 'Reabrir fechamento': the reason, required; the closing's orders go back to Concluído. */
function ReopenClosingModal({ closing, onClose }: { closing: ClosingSummary; onClose: () => void }) {
  const reopen = useReopenClosing();
  const { register, handleSubmit, formState } = useSchemaForm(
    reopenClosingSchema,
    { motivo: '' },
    { reValidateMode: 'onSubmit' },
  );
  const submit = handleSubmit(({ motivo }) =>
    reopen.mutate(
      { numero: closing.numero, motivo },
      {
        onSuccess: () => {
          toast.success(CLOSING_MSG.closingReopened);
          onClose();
        },
        onError: (error) => toast.error(error.message),
      },
    ),
  );
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${CLOSING_MSG.reopenTitle} ${padNumber(closing.numero)}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button variant="danger" loading={reopen.isPending} onClick={submit}>
            Reabrir
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">As OS deste fechamento voltarão ao status Concluído.</p>
      <Field label="Motivo" required error={formState.errors.motivo?.message}>
        {(control) => <Textarea {...control} {...register('motivo')} maxLength={1000} />}
      </Field>
    </Modal>
  );
}
