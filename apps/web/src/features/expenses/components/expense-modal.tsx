import { DESCRICAO_MIN, EXPENSE_MSG, OFFLINE_MSG, parseValorToCentavos, type ReceiptReading } from '@os/shared';
import { Camera, ImagePlus } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Options, Select, Textarea } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { ApiError } from '../../../lib/api';
import { padNumber } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/offline/write';
import { reducePhoto } from '../../../lib/photo';
import { useExpenseTypes } from '../../../lib/registers';
import { useObjectUrl } from '../../../lib/use-object-url';
import { type ExpenseFields, useCreateExpense } from '../api/expenses';
import { useReadReceipt } from '../api/read-receipt';

const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** What the camera screen gets from the form: where the accepted photo goes, and how to close it. */
export interface ReceiptCameraProps {
  onAccept: (file: File) => void;
  onClose: () => void;
}

export interface ExpenseModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The order (OS id) the expense belongs to; sent as `osnumero`. */
  orderId: number;
  /** Shown in the header, e.g. the order's numero (padded to 5 digits). */
  orderNumber?: number | string;
  /** The client's name, shown after the order number. */
  cliente?: string;
  /**
   * The camera screen, given by whoever composes this modal (the order card's expenses slot): with
   * it the form offers 'Abrir câmera', and the accepted photo is used exactly as a chosen file.
   */
  renderCamera?: (props: ReceiptCameraProps) => ReactNode;
}

/** A new expense starts at today, like every date field (docs/rules.md#daily-use). */
const empty = (): ExpenseFields => ({
  data: new Date().toLocaleDateString('sv-SE'),
  docnr: '',
  valor: '',
  tipodespesa: '',
  descricao: '',
  observacao: '',
});

/** 'DD/MM/YYYY' (the reading's form) -> 'YYYY-MM-DD' (the date input's). */
const toIsoDate = (br: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(br);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
};

/**
 * 'Lançamento de Despesas' (docs/screens.md#order-card-modals): date, document number, value, type, description,
 * observation and the receipt photo, which is read on the server ('Processando OCR…') to fill the form.
 */
export function ExpenseModal({ open, onOpenChange, orderId, orderNumber, cliente, renderCamera }: ExpenseModalProps) {
  const [form, setForm] = useState<ExpenseFields>(empty);
  const [photo, setPhoto] = useState<File | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reducing, setReducing] = useState(false);
  const [ocrProgress, setOcrProgress] = useState<number | null>(null);
  const [saveProgress, setSaveProgress] = useState<number | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const fileInput = useRef<HTMLInputElement>(null);
  const types = useExpenseTypes({ staleTime: 5 * 60_000 });
  const reader = useReadReceipt();
  const create = useCreateExpense();
  const message = useMessage();

  const set = (field: keyof ExpenseFields) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  const preview = useObjectUrl(photo);

  const reset = () => {
    setForm(empty());
    setPhoto(null);
    setCameraOpen(false);
    setFailure(null);
    setKey(newIdempotencyKey());
    if (fileInput.current) fileInput.current.value = '';
  };

  const applyReading = (reading: ReceiptReading) =>
    setForm((f) => ({
      ...f,
      data: toIsoDate(reading.data) || f.data,
      docnr: reading.codigo_ou_numero_do_documento || f.docnr,
      valor: reading.valor || f.valor,
    }));

  /** The receipt is reduced as soon as it is chosen or taken; OCR reads, and the save sends, the light one (docs/rules.md#daily-use). */
  const choosePhoto = async (chosen: File | undefined | null) => {
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) return void message.error(EXPENSE_MSG.photoNotImage);
    setReducing(true);
    const file = await reducePhoto(chosen).finally(() => setReducing(false));
    if (file.size > MAX_PHOTO_BYTES) return void message.error(EXPENSE_MSG.photoTooLarge);
    setPhoto(file);
    setFailure(null);
    // Without signal the receipt is not read (docs/rules.md#offline-sync): the engineer types the fields.
    if (!navigator.onLine) return void toast.success(OFFLINE_MSG.receiptOffline);
    setOcrProgress(0);
    reader.mutate(
      { image: file, onProgress: setOcrProgress },
      {
        onSettled: () => setOcrProgress(null),
        onSuccess: applyReading,
        // The form stays usable: the engineer types what could not be read.
        onError: (error) =>
          toast.error(error instanceof ApiError && error.status !== 500 ? error.message : EXPENSE_MSG.ocrFailed),
      },
    );
  };

  // A closed modal leaves no camera running behind it.
  useEffect(() => {
    if (!open) setCameraOpen(false);
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // docs/rules.md#validation messages, in the product's order; docs/rules.md#fixed-defects: type and photo are required.
    if (!form.data || !form.docnr.trim() || !form.valor.trim()) return message.warning(EXPENSE_MSG.required);
    if (!form.tipodespesa) return message.error(EXPENSE_MSG.typeRequired);
    if (form.descricao.trim().length < DESCRICAO_MIN) return message.warning(EXPENSE_MSG.descricaoMin);
    if (parseValorToCentavos(form.valor) === undefined) return message.warning(EXPENSE_MSG.valorInvalid);
    if (!photo) return message.warning(EXPENSE_MSG.photoRequired);
    create.mutate(
      { input: { ...form, orderId, imagem: photo }, key, onProgress: setSaveProgress },
      {
        onSettled: () => setSaveProgress(null),
        onSuccess: () => {
          toast.success(EXPENSE_MSG.saved);
          reset();
          onOpenChange(false);
        },
        onError: (error) => setFailure(error instanceof ApiError ? error.message : EXPENSE_MSG.saveFailed),
      },
    );
  };

  const busy = reader.isPending || reducing;
  const typeNames = types.data?.map((t) => t.despesa) ?? [];

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={EXPENSE_MSG.modalTitle}
      description={orderNumber !== undefined ? [`OS ${padNumber(orderNumber)}`, cliente].filter(Boolean).join(' · ') : undefined}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form="expense-form" loading={create.isPending} disabled={busy}>
            Salvar Despesa
          </Button>
        </>
      }
    >
      <div className="relative">
        {busy && (
          <div
            role="status"
            className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-2 rounded-md bg-white/85 text-slate-800 dark:bg-slate-900/85 dark:text-slate-100"
          >
            <Spinner className="size-8" />
            <span className="font-medium">{reducing ? 'Reduzindo foto…' : EXPENSE_MSG.ocrBusy}</span>
            {ocrProgress !== null && (
              <div className="w-48">
                <UploadProgress percent={ocrProgress} />
              </div>
            )}
          </div>
        )}
        <form id="expense-form" onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2" noValidate>
          <Field label="Foto do comprovante" required className="sm:col-span-2" hint="PNG, JPG, JPEG até 10MB">
            {(control) => (
              <div className="flex flex-col gap-2">
                {cameraOpen &&
                  renderCamera?.({ onAccept: (file) => void choosePhoto(file), onClose: () => setCameraOpen(false) })}
                {/* 'Escolher foto' stays beside the camera, also when it fails (docs/rules.md#daily-use). */}
                <div className={renderCamera && !cameraOpen ? 'grid grid-cols-2 gap-2' : 'flex flex-col'}>
                  <label
                    className="flex min-h-11 min-w-0 cursor-pointer items-center justify-center gap-2 rounded-md border border-dashed border-slate-400 px-3 py-2 text-sm text-slate-700 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-blue-600/40 dark:border-slate-500 dark:text-slate-200 dark:hover:bg-slate-800"
                    htmlFor={control.id}
                  >
                    <ImagePlus className="size-5 shrink-0" aria-hidden="true" />
                    <span className="truncate">
                      {photo ? 'Trocar foto' : renderCamera ? 'Escolher foto' : 'Escolher ou fotografar o comprovante'}
                    </span>
                  </label>
                  <input
                    {...control}
                    ref={fileInput}
                    type="file"
                    accept="image/*"
                    // With its own camera screen the input opens the gallery/files; without it, the phone's camera.
                    capture={renderCamera ? undefined : 'environment'}
                    className="sr-only"
                    onChange={(e) => {
                      setCameraOpen(false);
                      void choosePhoto(e.target.files?.[0]);
                    }}
                  />
                  {renderCamera && !cameraOpen && (
                    <Button
                      variant="secondary"
                      className="min-h-11"
                      icon={<Camera className="size-4" aria-hidden="true" />}
                      onClick={() => setCameraOpen(true)}
                      disabled={busy}
                    >
                      Abrir câmera
                    </Button>
                  )}
                </div>
                {preview && photo && !cameraOpen && (
                  <figure className="flex flex-col items-center gap-1">
                    <img src={preview} alt="Comprovante escolhido" className="max-h-40 rounded border object-contain" />
                    <figcaption className="max-w-full truncate text-xs text-slate-600 dark:text-slate-300">
                      {photo.name}
                    </figcaption>
                  </figure>
                )}
              </div>
            )}
          </Field>
          <Field label="Data" required>
            {(control) => <Input {...control} type="date" value={form.data} onChange={set('data')} />}
          </Field>
          <Field label="Nº Documento" required>
            {(control) => <Input {...control} value={form.docnr} onChange={set('docnr')} autoComplete="off" />}
          </Field>
          <Field label="Valor (R$)" required>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                placeholder="0,00"
                value={form.valor}
                onChange={set('valor')}
                autoComplete="off"
              />
            )}
          </Field>
          <Field label="Tipo de Despesa" required error={types.isError ? EXPENSE_MSG.typesFailed : undefined}>
            {(control) => (
              <Select {...control} value={form.tipodespesa} onChange={set('tipodespesa')}>
                <Options values={typeNames} empty="Selecione o tipo de despesa" />
              </Select>
            )}
          </Field>
          <Field label="Descrição" required className="sm:col-span-2" hint={`Ao menos ${DESCRICAO_MIN} caracteres.`}>
            {(control) => <Textarea {...control} value={form.descricao} onChange={set('descricao')} />}
          </Field>
          <Field label="Observação" className="sm:col-span-2">
            {(control) => <Textarea {...control} value={form.observacao} onChange={set('observacao')} />}
          </Field>
          {create.isPending && saveProgress !== null && (
            <div className="sm:col-span-2">
              <UploadProgress percent={saveProgress} />
            </div>
          )}
          {failure && (
            <p
              role="alert"
              className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2 dark:bg-red-950/60 dark:text-red-200"
            >
              {failure}
            </p>
          )}
        </form>
      </div>
    </Modal>
  );
}
