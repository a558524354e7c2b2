import { PIX_MSG } from '@os/shared';
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
import { useCharge, useRefreshCharge, useSendChargeWhatsapp } from '../api/pix';
import { OpenChargeForms } from './open-charge-forms';

/**
 * A closing's PIX charge (docs/screens.md#fechamento): QR code, 'Pix Copia e Cola', and while open 'Alterar
 * vencimento', 'Marcar como paga' and 'Cancelar cobrança'.
 */
export function ChargeModal({ numero, onClose }: { numero: number; onClose: () => void }) {
  const charge = useCharge(numero);
  const refresh = useRefreshCharge(numero);
  const whatsapp = useSendChargeWhatsapp(numero);
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
          {c.status === 'Em aberto' && <OpenChargeForms numero={numero} vencimento={c.vencimento} />}
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
