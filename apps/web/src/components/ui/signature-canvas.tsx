import { SIGNATURE_CANVAS } from '@os/shared';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

/** What a form does with the pad: clear it, read the drawing as a PNG data URL (null when empty). */
export interface SignatureCanvasHandle {
  clear(): void;
  toDataUrl(): string | null;
}

/**
 * The drawn signature (docs/rules.md#constants): a 600x250 bitmap, stroke 2, black ink on white, also in
 * dark mode (the PNG is printed on the order PDF). Used by 'Assinar OS' and by the portal's 'Aprovar'.
 */
export function SignatureCanvas({
  ref,
  onDrawnChange,
  label = 'Área de assinatura',
}: {
  ref?: Ref<SignatureCanvasHandle>;
  onDrawnChange?: (drawn: boolean) => void;
  label?: string;
}) {
  const padRef = useRef<SignaturePad | null>(null);
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const onDrawn = useRef(onDrawnChange);
  onDrawn.current = onDrawnChange;

  useEffect(() => {
    if (!canvas) return;
    const pad = new SignaturePad(canvas, {
      minWidth: SIGNATURE_CANVAS.strokeWidth,
      maxWidth: SIGNATURE_CANVAS.strokeWidth,
      penColor: 'rgb(0, 0, 0)',
      backgroundColor: 'rgb(255, 255, 255)',
    });
    pad.clear();
    // The bitmap stays 600x250 while the canvas is drawn narrower on a phone: signature_pad takes points
    // in CSS pixels, so the context maps them onto the bitmap before each stroke.
    const onBegin = () => {
      const rect = canvas.getBoundingClientRect();
      if (rect.width && rect.height)
        canvas.getContext('2d')?.setTransform(canvas.width / rect.width, 0, 0, canvas.height / rect.height, 0, 0);
    };
    const onEnd = () => onDrawn.current?.(!pad.isEmpty());
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

  useImperativeHandle(
    ref,
    () => ({
      clear() {
        padRef.current?.clear();
        onDrawn.current?.(false);
      },
      toDataUrl() {
        const pad = padRef.current;
        return pad && !pad.isEmpty() ? pad.toDataURL('image/png') : null;
      },
    }),
    [],
  );

  return (
    <div className="overflow-hidden rounded-md border-2 border-dashed border-slate-300 bg-white dark:border-slate-600">
      <canvas
        ref={setCanvas}
        width={SIGNATURE_CANVAS.width}
        height={SIGNATURE_CANVAS.height}
        aria-label={label}
        className="block aspect-[600/250] w-full touch-none"
      />
    </div>
  );
}
