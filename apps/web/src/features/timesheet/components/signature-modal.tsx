import { FIELD_MSG, type Lancamento } from '@os/shared';
import { CircleCheck, Eraser } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useMessage } from '../../../components/ui/message-dialog';
import { SignatureCanvas, type SignatureCanvasHandle } from '../../../components/ui/signature-canvas';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/offline/write';
import { useSaveAssinatura } from '../api/records';
import { FormInput } from './field-form';
import { OrderModal } from './order-modal';

/** 'Assinar OS' (docs/screens.md#order-card-modals, docs/rules.md#constants): a 600x250 canvas, stroke 2; 'Salvar Assinatura' only after drawing. */
export function SignatureModal({ order, onClose }: { order: Lancamento; onClose: () => void }) {
  const message = useMessage();
  const save = useSaveAssinatura();
  const [key] = useState(newIdempotencyKey);
  const [nome, setNome] = useState(order.responsavel ?? '');
  const [nomeError, setNomeError] = useState<string | undefined>();
  const [drawn, setDrawn] = useState(false);
  const padRef = useRef<SignatureCanvasHandle>(null);

  const clear = () => padRef.current?.clear();

  const submit = async () => {
    const assinatura = padRef.current?.toDataUrl();
    if (!assinatura) return;
    // The signer is always named (docs/rules.md#daily-use).
    if (!nome.trim()) {
      setNomeError(FIELD_MSG.signerNameRequired);
      return;
    }
    try {
      await save.mutateAsync({
        input: { ordemServicoId: order.id, assinatura, nome: nome.trim() },
        key,
      });
      toast.success(FIELD_MSG.signatureSaved);
      onClose();
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : FIELD_MSG.signatureFailed);
    }
  };

  return (
    <OrderModal
      order={order}
      onClose={onClose}
      title="Assinar OS"
      size="lg"
      footer={
        <>
          <Button variant="secondary" icon={<Eraser className="size-4" aria-hidden="true" />} onClick={clear}>
            Limpar
          </Button>
          {drawn && (
            <Button loading={save.isPending} onClick={submit}>
              Salvar Assinatura
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <FormInput
          label="Nome de quem assina"
          required
          value={nome}
          error={nomeError}
          onChange={(value) => {
            setNome(value);
            setNomeError(undefined);
          }}
        />
        <SignatureCanvas ref={padRef} onDrawnChange={setDrawn} />
        <p className="min-h-5 text-sm" aria-live="polite">
          {drawn && (
            <span className="inline-flex items-center gap-1 text-green-700 dark:text-green-400">
              <CircleCheck className="size-4" aria-hidden="true" />
              {FIELD_MSG.signatureDetected}
            </span>
          )}
        </p>
      </div>
    </OrderModal>
  );
}
