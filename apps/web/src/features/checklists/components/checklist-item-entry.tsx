import {
  CHECKLIST_MSG,
  CHECKLIST_RESULTS,
  type ChecklistResult,
  checklistEntryFormSchema,
  formatRange,
  judgeAnswer,
  type OrderChecklistItem,
  PHOTO_MAX_BYTES,
} from '@os/shared';
import { Camera, ImagePlus } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { PhotoPickButton, PhotoPreview } from '../../../components/ui/photo-pick';
import { cn } from '../../../lib/cn';
import { useObjectUrl } from '../../../lib/use-object-url';
import { usePhotoChoice } from '../../../lib/use-photo-choice';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { ResultBadge } from './result-badge';

/** What the technician saves for one item: the value, the note and the photo (a new one, or none). */
export interface ItemEntryValues {
  valor: string;
  observacao: string;
  foto: File | null;
}

const CHOICE_CLASS =
  'min-h-14 rounded-lg border-2 px-1.5 text-base leading-tight font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600/50';
const RESULT_TONES: Record<ChecklistResult, string> = {
  Conforme: 'border-green-700 bg-green-700 text-white dark:border-green-500 dark:bg-green-600',
  'Não conforme': 'border-red-700 bg-red-700 text-white dark:border-red-500 dark:bg-red-600',
  'N/A': 'border-slate-600 bg-slate-600 text-white dark:border-slate-400 dark:bg-slate-500',
};
const IDLE = 'border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

/** Large buttons of one choice, usable with gloves: the chosen one pressed. */
function Choices({
  options,
  value,
  onChange,
  tone,
}: {
  options: readonly string[];
  value: string;
  onChange: (v: string) => void;
  tone?: (o: string) => string;
}) {
  return (
    <fieldset className={cn('grid gap-2', options.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(CHOICE_CLASS, value === option ? (tone?.(option) ?? 'border-blue-700 bg-blue-700 text-white') : IDLE)}
        >
          {option}
        </button>
      ))}
    </fieldset>
  );
}

/** The reading's keypad: the number, the unit beside it and the range; the result shown at once. */
function ReadingInput({
  item,
  value,
  onChange,
  id,
}: {
  item: OrderChecklistItem;
  value: string;
  onChange: (v: string) => void;
  id: string;
}) {
  const range = formatRange(item);
  const judged = value.trim() ? judgeAnswer(item, value) : null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-label={`Leitura de ${item.texto}${item.unidade ? ` em ${item.unidade}` : ''}`}
          className="min-h-14 w-full min-w-0 rounded-lg border-2 border-slate-300 bg-white px-3 text-2xl font-semibold tabular-nums dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
        />
        {item.unidade && <span className="text-xl font-semibold text-slate-700 dark:text-slate-200">{item.unidade}</span>}
      </div>
      {range && <p className="text-base text-slate-700 dark:text-slate-300">Faixa: {range}</p>}
      {judged && !judged.ok && <p className="text-sm font-medium text-red-700 dark:text-red-300">{judged.error}</p>}
      {judged?.ok && judged.resultado && (
        <p
          role="status"
          className={cn(
            'rounded-md px-3 py-2 text-lg font-bold',
            judged.resultado === 'Não conforme'
              ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200'
              : 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
          )}
        >
          {judged.resultado === 'Não conforme' ? CHECKLIST_MSG.outOfRange : CHECKLIST_MSG.inRange}
        </p>
      )}
    </div>
  );
}

/** The photo from the camera or a file, with its preview. */
function PhotoChoice({
  photo,
  onChange,
  required,
}: {
  photo: File | null;
  onChange: (f: File | null) => void;
  required: boolean;
}) {
  const preview = useObjectUrl(photo);
  const { reduce, reducing } = usePhotoChoice({
    maxBytes: PHOTO_MAX_BYTES,
    notImage: CHECKLIST_MSG.photoNotImage,
    tooLarge: CHECKLIST_MSG.photoTooLarge,
  });
  const choose = async (file: File | undefined) => onChange((await reduce(file)) ?? photo);
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{required ? 'Foto (obrigatória)' : 'Foto'}</span>
      {preview && <PhotoPreview src={preview} alt="Foto do item" className="max-h-48" onRemove={() => onChange(null)} />}
      <div className="grid grid-cols-2 gap-2">
        <PhotoPickButton label="Tirar foto" capture="environment" className="min-h-12" onPick={(file) => void choose(file)}>
          <Camera className="size-4" aria-hidden="true" />
          Câmera
        </PhotoPickButton>
        <PhotoPickButton label="Escolher foto" className="min-h-12" onPick={(file) => void choose(file)}>
          <ImagePlus className="size-4" aria-hidden="true" />
          Arquivo
        </PhotoPickButton>
      </div>
      {reducing && <p className="text-sm text-slate-600 dark:text-slate-300">Preparando a foto...</p>}
    </div>
  );
}

/**
 * One item answered on the phone (docs/screens.md#checklist-no-celular): the control of its kind, the result
 * decided by the same shared function the server uses, the note and photo a 'Não conforme' needs.
 */
export function ChecklistItemEntry({
  item,
  saving,
  onSave,
  onCancel,
}: {
  item: OrderChecklistItem;
  saving: boolean;
  onSave: (values: ItemEntryValues) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const schema = useMemo(() => checklistEntryFormSchema<File>(item, Boolean(item.resposta?.foto)), [item]);
  // The problem stays said until the next 'Salvar resposta'.
  const { register, handleSubmit, watch, setValue, formState } = useSchemaForm(
    schema,
    { valor: item.resposta?.valor ?? '', observacao: item.resposta?.observacao ?? '', foto: null },
    { reValidateMode: 'onSubmit' },
  );
  const { valor, foto } = watch();
  const setValor = (next: string) => setValue('valor', next);
  const judged = judgeAnswer(item, valor);
  const resultado = judged.ok ? judged.resultado : null;
  const problem = firstError(formState.errors);
  const save = handleSubmit(onSave);

  return (
    <div className="flex flex-col gap-3 rounded-lg border-2 border-blue-600 p-3 dark:border-blue-400">
      {item.tipo === 'conformidade' && (
        <Choices options={CHECKLIST_RESULTS} value={valor} onChange={setValor} tone={(o) => RESULT_TONES[o as ChecklistResult]} />
      )}
      {item.tipo === 'opcao' && <Choices options={item.opcoes} value={valor} onChange={setValor} />}
      {item.tipo === 'leitura' && <ReadingInput item={item} value={valor} onChange={setValor} id={`${id}-valor`} />}
      {item.tipo === 'texto' && <Textarea aria-label={item.texto} rows={3} {...register('valor')} />}
      {resultado && item.tipo !== 'leitura' && <ResultBadge resultado={resultado} />}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-obs`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {resultado === 'Não conforme' ? 'Observação (descreva o problema)' : 'Observação'}
        </label>
        <Textarea id={`${id}-obs`} rows={2} {...register('observacao')} />
      </div>
      <PhotoChoice
        photo={foto}
        onChange={(file) => setValue('foto', file)}
        required={item.fotoObrigatoria || resultado === 'Não conforme'}
      />
      {item.resposta?.foto && !foto && <p className="text-sm text-slate-600 dark:text-slate-300">Foto já enviada.</p>}
      {problem && (
        <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" className="min-h-12" onClick={onCancel}>
          Cancelar
        </Button>
        <Button className="min-h-12" loading={saving} onClick={() => void save()}>
          Salvar resposta
        </Button>
      </div>
    </div>
  );
}
