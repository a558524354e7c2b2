import { FIELD_MSG, type Lancamento, padNumber, SIGNATURE_CANVAS } from '@os/shared';
import { CircleCheck, Eraser } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '../../../components/ui/button';
import { useMessage } from '../../../components/ui/message-dialog';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/offline/write';
import { useSaveAssinatura } from '../api/records';
import { FormInput } from './field-form';

/** 'Assinar OS' (docs/screens.md#order-card-modals, docs/rules.md#constants): a 600x250 canvas, stroke 2; 'Salvar Assinatura' only after drawing. */
export function SignatureModal({ order, onClose }: { order: Lancamento; onClose: () => void }) {
  const message = useMessage();
  const save = useSaveAssinatura();
  const [key] = useState(newIdempotencyKey);
  const [nome, setNome] = useState(order.responsavel ?? '');
  const [nomeError, setNomeError] = useState<string | undefined>();
  const [drawn, setDrawn] = useState(false);
  const padRef = useRef<SignaturePad | null>(null);
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);

  useEffect(() => {
    if (!canvas) return;
    // A white background and black ink, also in dark mode: the PNG is printed on the order PDF.
    const pad = new SignaturePad(canvas, {
      minWidth: SIGNATURE_CANVAS.strokeWidth,
      maxWidth: SIGNATURE_CANVAS.strokeWidth,
      penColor: 'rgb(0, 0, 0)',
      backgroundColor: 'rgb(255, 255, 255)',
    });
    pad.clear();
    // The bitmap stays 600x250 (docs/rules.md#constants) while the canvas is drawn narrower on a phone: signature_pad
    // takes points in CSS pixels, so the context maps them onto the bitmap before each stroke.
    const onBegin = () => {
      const rect = canvas.getBoundingClientRect();
      if (rect.width && rect.height)
        canvas.getContext('2d')?.setTransform(canvas.width / rect.width, 0, 0, canvas.height / rect.height, 0, 0);
    };
    const onEnd = () => setDrawn(!pad.isEmpty());
    pad.addEventListener('beginStroke', onBegin);
    pad.addEventListener('endStroke', onEnd);
    padRef.current = pad;
    return () => {
      pad.removeEventListener('beginStroke', onBegin);
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [canvas]);

  const clear = () => {
    padRef.current?.clear();
    setDrawn(false);
  };

  const submit = async () => {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) return;
    // The signer is always named (docs/rules.md#daily-use).
    if (!nome.trim()) {
      setNomeError(FIELD_MSG.signerNameRequired);
      return;
    }
    try {
      await save.mutateAsync({
        input: { ordemServicoId: order.id, assinatura: pad.toDataURL('image/png'), nome: nome.trim() },
        key,
      });
      toast.success(FIELD_MSG.signatureSaved);
      onClose();
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : FIELD_MSG.signatureFailed);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Assinar OS"
      description={`OS ${padNumber(order.numero)} · ${order.cliente}`}
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
        <div className="overflow-hidden rounded-md border-2 border-dashed border-slate-300 bg-white dark:border-slate-600">
          <canvas
            ref={setCanvas}
            width={SIGNATURE_CANVAS.width}
            height={SIGNATURE_CANVAS.height}
            aria-label="Área de assinatura"
            className="block aspect-[600/250] w-full touch-none"
          />
        </div>
        <p className="min-h-5 text-sm" aria-live="polite">
          {drawn && (
            <span className="inline-flex items-center gap-1 text-green-700 dark:text-green-400">
              <CircleCheck className="size-4" aria-hidden="true" />
              {FIELD_MSG.signatureDetected}
            </span>
          )}
        </p>
      </div>
    </Modal>
  );
}
