import { DESCRICAO_MIN, EXPENSE_MSG } from '@os/shared';
import { Camera, ImagePlus } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Options, Select, Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { padNumber } from '../../../lib/format';
import { useExpenseTypes } from '../../../lib/registers';
import { useObjectUrl } from '../../../lib/use-object-url';
import { type ReadMarks, useExpenseEntry } from './use-expense-entry';

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

/**
 * 'Reduzindo foto…' or 'Processando OCR…' above the fields, with the photo's upload progress: the form stays
 * open to typing while the receipt is read (docs/rules.md#receipts).
 */
function BusyLine({ reducing, progress }: { reducing: boolean; progress: number | null }) {
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900 sm:col-span-2 dark:bg-sky-950/60 dark:text-sky-100"
    >
      <Spinner className="size-5 shrink-0" />
      <span className="font-medium">{reducing ? 'Reduzindo foto…' : EXPENSE_MSG.ocrBusy}</span>
      {progress !== null && progress < 100 && (
        <div className="min-w-0 flex-1">
          <UploadProgress percent={progress} />
        </div>
      )}
    </div>
  );
}

/** Beside a field the reader filled: 'Confira este valor' when it is unsure, the QR code when it came from it. */
function ReadMark({ how }: { how: ReadMarks[keyof ReadMarks] }) {
  if (how === 'confira') return <span className="font-medium text-amber-700 dark:text-amber-300">{EXPENSE_MSG.ocrCheck}</span>;
  if (how === 'qrcode') return <span className="text-emerald-700 dark:text-emerald-300">{EXPENSE_MSG.ocrFromQr}</span>;
  return null;
}

/** 'Foto do comprovante': a file (or, without a camera screen, the phone's camera), 'Abrir câmera', the chosen photo. */
function ReceiptPhotoField({
  photo,
  fileInput,
  onChoose,
  renderCamera,
  busy,
  open,
}: {
  photo: File | null;
  fileInput: RefObject<HTMLInputElement | null>;
  onChoose: (file: File | undefined) => void;
  renderCamera?: ExpenseModalProps['renderCamera'];
  busy: boolean;
  open: boolean;
}) {
  const [cameraOpen, setCameraOpen] = useState(false);
  const preview = useObjectUrl(photo);
  // A closed modal (or a saved expense) leaves no camera running behind it.
  useEffect(() => {
    if (!open || !photo) setCameraOpen(false);
  }, [open, photo]);
  return (
    <Field label="Foto do comprovante" required className="sm:col-span-2" hint="PNG, JPG, JPEG até 10MB">
      {(control) => (
        <div className="flex flex-col gap-2">
          {cameraOpen && renderCamera?.({ onAccept: (file) => onChoose(file), onClose: () => setCameraOpen(false) })}
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
                onChoose(e.target.files?.[0]);
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
              <figcaption className="max-w-full truncate text-xs text-slate-600 dark:text-slate-300">{photo.name}</figcaption>
            </figure>
          )}
        </div>
      )}
    </Field>
  );
}

/**
 * 'Lançamento de Despesas' (docs/screens.md#order-card-modals): date, document number, value, type, description,
 * observation and the receipt photo, which is read on the server ('Processando OCR…') to fill the form.
 */
export function ExpenseModal({ open, onOpenChange, orderId, orderNumber, cliente, renderCamera }: ExpenseModalProps) {
  const entry = useExpenseEntry(orderId, () => onOpenChange(false));
  const { register } = entry.form;
  // An edit of a filled field takes the reader's mark away.
  const readField = (name: keyof ReadMarks) => register(name, { onChange: () => entry.edited(name) });
  const mark = (name: keyof ReadMarks) => (entry.marks[name] ? <ReadMark how={entry.marks[name]} /> : undefined);
  const types = useExpenseTypes({ staleTime: 5 * 60_000 });
  const busy = entry.reading || entry.reducing;
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
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={entry.saving}>
            Cancelar
          </Button>
          <Button type="submit" form="expense-form" loading={entry.saving} disabled={busy}>
            Salvar Despesa
          </Button>
        </>
      }
    >
      <div>
        <form id="expense-form" onSubmit={entry.submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2" noValidate>
          <ReceiptPhotoField
            photo={entry.photo}
            fileInput={entry.fileInput}
            onChoose={(file) => void entry.choosePhoto(file)}
            renderCamera={renderCamera}
            busy={busy}
            open={open}
          />
          {busy && <BusyLine reducing={entry.reducing} progress={entry.ocrProgress} />}
          <Field label="Data" required hint={mark('data')}>
            {(control) => <Input {...control} type="date" {...readField('data')} />}
          </Field>
          <Field label="Nº Documento" required hint={mark('docnr')}>
            {(control) => <Input {...control} {...readField('docnr')} autoComplete="off" />}
          </Field>
          <Field label="Valor (R$)" required hint={mark('valor')}>
            {(control) => (
              <Input {...control} inputMode="decimal" placeholder="0,00" {...readField('valor')} autoComplete="off" />
            )}
          </Field>
          <Field label="Tipo de Despesa" required error={types.isError ? EXPENSE_MSG.typesFailed : undefined}>
            {(control) => (
              <Select {...control} {...register('tipodespesa')}>
                <Options values={typeNames} empty="Selecione o tipo de despesa" />
              </Select>
            )}
          </Field>
          <Field label="Descrição" required className="sm:col-span-2" hint={`Ao menos ${DESCRICAO_MIN} caracteres.`}>
            {(control) => <Textarea {...control} {...register('descricao')} />}
          </Field>
          <Field label="Observação" className="sm:col-span-2">
            {(control) => <Textarea {...control} {...register('observacao')} />}
          </Field>
          {entry.saving && entry.saveProgress !== null && (
            <div className="sm:col-span-2">
              <UploadProgress percent={entry.saveProgress} />
            </div>
          )}
          {entry.failure && (
            <p
              role="alert"
              className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2 dark:bg-red-950/60 dark:text-red-200"
            >
              {entry.failure}
            </p>
          )}
        </form>
      </div>
    </Modal>
  );
}
