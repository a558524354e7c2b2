import { businessToday, PIX_MSG, pixCancelFormSchema, pixDueFormSchema, pixPaidFormSchema } from '@os/shared';
import { Copy, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { formatCentavos, formatDate, padNumber } from '../../../lib/format';
import {
  useCancelCharge,
  useCharge,
  useMarkChargePaid,
  useRefreshCharge,
  useSendChargeWhatsapp,
  useSetChargeDue,
} from '../api/pix';
import { ChargeFieldForm } from './charge-field-form';

/**
 * A closing's PIX charge (docs/screens.md#fechamento): QR code, 'Pix Copia e Cola', and while open 'Alterar
 * vencimento', 'Marcar como paga' and 'Cancelar cobrança'.
 */
export function ChargeModal({ numero, onClose }: { numero: number; onClose: () => void }) {
  const charge = useCharge(numero);
  const paid = useMarkChargePaid(numero);
  const cancel = useCancelCharge(numero);
  const refresh = useRefreshCharge(numero);
  const whatsapp = useSendChargeWhatsapp(numero);
  const due = useSetChargeDue(numero);
  const [error, setError] = useState<string>();
  const c = charge.data;

  const run = async (action: () => Promise<unknown>, done: string) => {
    setError(undefined);
    try {
      await action();
      toast.success(done);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Cobrança PIX - Fechamento ${padNumber(numero)}`} size="md">
      {charge.isPending ? (
        <LoadingBlock />
      ) : !c ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {charge.error?.message}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone={c.status === 'Paga' ? 'green' : c.status === 'Cancelada' ? 'gray' : c.vencida ? 'red' : 'yellow'}>
              {c.status === 'Em aberto' && c.vencida ? 'Vencida' : c.status}
            </Badge>
            {formatCentavos(Math.round(c.valor * 100))} · vencimento {formatDate(c.vencimento)} · txid {c.txid} ·{' '}
            {c.dinamica ? 'cobrança no banco' : 'código estático'}
          </p>
          {c.pagaEm && (
            <p className="text-sm">
              Paga em {formatDate(c.pagaEm)} (marcada por {c.pagaPor}).
            </p>
          )}
          {c.motivoCancelamento && <p className="text-sm">Cancelada: {c.motivoCancelamento}</p>}
          <img src={c.qrCode} alt={`QR code PIX do fechamento ${padNumber(numero)}`} className="size-48 self-center bg-white" />
          <Field label={PIX_MSG.copyAndPaste}>
            {(control) => <Textarea {...control} readOnly rows={3} value={c.pixCopiaECola} className="font-mono text-xs" />}
          </Field>
          <Button
            variant="secondary"
            icon={<Copy className="size-4" aria-hidden="true" />}
            onClick={() => void navigator.clipboard.writeText(c.pixCopiaECola).then(() => toast.success(PIX_MSG.copied))}
          >
            {PIX_MSG.copy}
          </Button>
          {c.status === 'Em aberto' && (
            <Button
              variant="secondary"
              icon={<MessageCircle className="size-4" aria-hidden="true" />}
              loading={whatsapp.isPending}
              onClick={() =>
                void whatsapp
                  .mutateAsync(undefined)
                  .then((sent) => (sent.enviadas ? toast.success(sent.message) : toast.info(sent.message)))
                  .catch((err: Error) => setError(err.message))
              }
            >
              {PIX_MSG.sendWhatsapp}
            </Button>
          )}
          {c.status === 'Em aberto' && c.dinamica && (
            <Button
              variant="secondary"
              loading={refresh.isPending}
              onClick={() => void run(() => refresh.mutateAsync(undefined), 'Situação consultada no banco.')}
            >
              Consultar pagamento no banco
            </Button>
          )}
          {c.status === 'Em aberto' && (
            <div className="border-t border-slate-200 pt-3 dark:border-slate-800">
              <ChargeFieldForm
                key={c.vencimento}
                schema={pixDueFormSchema}
                name="vencimento"
                initial={c.vencimento}
                label="Vencimento"
                input={{ type: 'date' }}
                submitLabel="Alterar vencimento"
                variant="secondary"
                loading={due.isPending}
                save={({ vencimento }) => due.mutateAsync(vencimento)}
                done={PIX_MSG.dueSaved}
              />
            </div>
          )}
          {c.status === 'Em aberto' && (
            <div className="grid gap-3 border-t border-slate-200 pt-3 sm:grid-cols-2 dark:border-slate-800">
              <ChargeFieldForm
                schema={pixPaidFormSchema}
                name="data"
                initial={businessToday()}
                label="Data do pagamento"
                input={{ type: 'date' }}
                submitLabel="Marcar como paga"
                loading={paid.isPending}
                save={({ data }) => paid.mutateAsync(data)}
                done={PIX_MSG.paid}
              />
              <ChargeFieldForm
                schema={pixCancelFormSchema}
                name="motivo"
                initial=""
                label="Motivo do cancelamento"
                input={{ maxLength: 500 }}
                submitLabel="Cancelar cobrança"
                variant="danger"
                loading={cancel.isPending}
                save={({ motivo }) => cancel.mutateAsync(motivo)}
                done={PIX_MSG.cancelled}
              />
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
