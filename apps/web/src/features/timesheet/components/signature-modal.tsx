import { assinaturaFormSchema, FIELD_MSG, type Lancamento } from '@os/shared';
import { CircleCheck, Eraser } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useMessage } from '../../../components/ui/message-dialog';
import { SignatureCanvas, type SignatureCanvasHandle } from '../../../components/ui/signature-canvas';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { announceWrite, newIdempotencyKey } from '../../../lib/offline/write';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveAssinatura } from '../api/records';
import { useExpenseSlots } from './expense-slots';
import { FormInput } from './field-form';
import { OrderModal } from './order-modal';

/** 'Assinar OS' (docs/screens.md#order-card-modals, docs/rules.md#constants): a 600x250 canvas, stroke 2; 'Salvar Assinatura' only after drawing. */
export function SignatureModal({ order, onClose }: { order: Lancamento; onClose: () => void }) {
  const message = useMessage();
  const save = useSaveAssinatura();
  const [key] = useState(newIdempotencyKey);
  const [drawn, setDrawn] = useState(false);
  const padRef = useRef<SignatureCanvasHandle>(null);
  const { ChecklistNotice } = useExpenseSlots();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(assinaturaFormSchema, { nome: order.responsavel ?? '' });

  const submit = handleSubmit(async ({ nome }) => {
    const assinatura = padRef.current?.toDataUrl();
    if (!assinatura) return;
    try {
      const answer = await save.mutateAsync({ input: { ordemServicoId: order.id, assinatura, nome }, key });
      announceWrite(answer, FIELD_MSG.signatureSaved);
      onClose();
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : FIELD_MSG.signatureFailed);
    }
  });

  return (
    <OrderModal
      order={order}
      onClose={onClose}
      title="Assinar OS"
      size="lg"
      footer={
        <>
          <Button
            variant="secondary"
            icon={<Eraser className="size-4" aria-hidden="true" />}
            onClick={() => padRef.current?.clear()}
          >
            Limpar
          </Button>
          {/* Its place is kept before the first stroke, hidden: the pad must not move under the signing finger. */}
          <Button
            type="submit"
            form="assinatura-form"
            loading={save.isPending}
            aria-hidden={!drawn}
            tabIndex={drawn ? undefined : -1}
            className={cn(!drawn && 'invisible')}
          >
            Salvar Assinatura
          </Button>
        </>
      }
    >
      <form id="assinatura-form" onSubmit={submit} noValidate className="flex flex-col gap-3">
        {ChecklistNotice && <ChecklistNotice orderId={order.id} />}
        <FormInput label="Nome de quem assina" required error={errors.nome?.message} {...register('nome')} />
        <SignatureCanvas ref={padRef} onDrawnChange={setDrawn} />
        <p className="flex h-5 items-center text-sm" aria-live="polite">
          {drawn && (
            <span className="inline-flex items-center gap-1 text-green-700 dark:text-green-400">
              <CircleCheck className="size-4" aria-hidden="true" />
              {FIELD_MSG.signatureDetected}
            </span>
          )}
        </p>
      </form>
    </OrderModal>
  );
}
