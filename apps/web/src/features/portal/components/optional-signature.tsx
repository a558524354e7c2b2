import { CircleCheck } from 'lucide-react';
import { type Ref, useState } from 'react';
import { SignatureCanvas, type SignatureCanvasHandle } from '../../../components/ui/signature-canvas';

/** The optional drawn signature of a decision in the portal (an order's approval, a quote's), and whether it was drawn. */
export function OptionalSignature({ pad }: { pad: Ref<SignatureCanvasHandle> }) {
  const [drawn, setDrawn] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Assinatura (opcional)</p>
      <SignatureCanvas ref={pad} onDrawnChange={setDrawn} label="Área de assinatura (opcional)" />
      <p className="min-h-5 text-sm" aria-live="polite">
        {drawn && (
          <span className="inline-flex items-center gap-1 text-green-700 dark:text-green-400">
            <CircleCheck className="size-4" aria-hidden="true" />
            Assinatura desenhada.
          </span>
        )}
      </p>
    </div>
  );
}
