import {
  EXPENSE_MSG,
  expenseFormSchema,
  OFFLINE_MSG,
  PHOTO_MAX_BYTES,
  type ReceiptConfidence,
  type ReceiptReading,
} from '@os/shared';
import { type FormEvent, useRef, useState } from 'react';
import { useMessage } from '../../../components/ui/message-dialog';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { announceWrite, newIdempotencyKey } from '../../../lib/offline/write';
import { usePhotoChoice } from '../../../lib/use-photo-choice';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { type ExpenseFields, useCreateExpense } from '../api/expenses';
import { useReadReceipt } from '../api/read-receipt';

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
 * The expense entry of an order: the form (expenseFormSchema), the receipt photo, reduced when chosen and
 * read on the server to fill date, number and value, and the save, once per key (docs/rules.md#offline-sync).
 * `onSaved` closes the modal after the form started again blank.
 */
export function useExpenseEntry(orderId: number, onSaved: () => void) {
  const message = useMessage();
  const form = useSchemaForm(expenseFormSchema, empty());
  const [photo, setPhoto] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [ocrProgress, setOcrProgress] = useState<number | null>(null);
  // How each field the reader filled was read; gone once the engineer edits the field (docs/rules.md#receipts).
  const [marks, setMarks] = useState<ReadMarks>({});
  const [saveProgress, setSaveProgress] = useState<number | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const fileInput = useRef<HTMLInputElement>(null);
  const reader = useReadReceipt();
  const create = useCreateExpense();
  const { reduce, reducing } = usePhotoChoice({
    maxBytes: PHOTO_MAX_BYTES,
    notImage: EXPENSE_MSG.photoNotImage,
    tooLarge: EXPENSE_MSG.photoTooLarge,
  });

  const reset = () => {
    form.reset(empty());
    setPhoto(null);
    setFailure(null);
    setMarks({});
    setKey(newIdempotencyKey());
    if (fileInput.current) fileInput.current.value = '';
  };

  /** Fills what was read, never over what the engineer typed while the photo was being read. */
  const applyReading = (reading: ReceiptReading) => {
    const read = { data: toIsoDate(reading.data), docnr: reading.codigo_ou_numero_do_documento, valor: reading.valor };
    const how = {
      data: reading.confianca.data,
      docnr: reading.confianca.codigo_ou_numero_do_documento,
      valor: reading.confianca.valor,
    };
    const next: ReadMarks = {};
    for (const [field, value] of Object.entries(read) as [keyof typeof read, string][]) {
      if (!value || form.getFieldState(field).isDirty) continue;
      form.setValue(field, value);
      next[field] = how[field];
    }
    setMarks(next);
  };
  /** A field the engineer changes is theirs: its mark goes. */
  const edited = (field: keyof ReadMarks) => setMarks((current) => ({ ...current, [field]: undefined }));

  /** OCR reads, and the save sends, the reduced receipt (docs/rules.md#daily-use). */
  const choosePhoto = async (chosen: File | undefined | null) => {
    const file = await reduce(chosen);
    if (!file) return;
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

  const send = form.handleSubmit(
    (fields) => {
      // docs/rules.md#fixed-defects: the photo is required, checked after the fields.
      if (!photo) return void message.warning(EXPENSE_MSG.photoRequired);
      create.mutate(
        { input: { ...fields, orderId, imagem: photo }, key, onProgress: setSaveProgress },
        {
          onSettled: () => setSaveProgress(null),
          onSuccess: (answer) => {
            announceWrite(answer, EXPENSE_MSG.saved);
            reset();
            onSaved();
          },
          onError: (error) => setFailure(error instanceof ApiError ? error.message : EXPENSE_MSG.saveFailed),
        },
      );
    },
    // docs/rules.md#validation messages, in the product's order; a missing type is an error, the rest warnings.
    (errors) => {
      const text = firstError(errors) ?? EXPENSE_MSG.required;
      void (text === EXPENSE_MSG.typeRequired ? message.error(text) : message.warning(text));
    },
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setFailure(null);
    return send(event);
  };

  return {
    form,
    photo,
    choosePhoto,
    fileInput,
    submit,
    failure,
    saving: create.isPending,
    saveProgress,
    reading: reader.isPending,
    reducing,
    ocrProgress,
    marks,
    edited,
  };
}

/** The reader's word on each field it filled: 'confira' is shown as 'Confira este valor'. */
export type ReadMarks = Partial<Record<'data' | 'docnr' | 'valor', ReceiptConfidence>>;
