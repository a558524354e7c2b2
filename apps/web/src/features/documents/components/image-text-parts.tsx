import { FileImage, Mic, MicOff, Square } from 'lucide-react';
import { type DragEvent, type RefObject, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useAudioRecorder, useDictation } from './use-audio-recorder';

const LABEL_NAMES: Record<string, string> = {
  fabricante: 'Fabricante',
  modelo: 'Modelo',
  numero_serie: 'Número de série',
  tensao: 'Tensão',
  corrente: 'Corrente',
  potencia: 'Potência',
  frequencia: 'Frequência',
  ano_fabricacao: 'Ano de fabricação',
  peso: 'Peso',
  ip: 'Grau de proteção',
};

/** 'Imagem': drop an image or choose one; the chosen one is shown. */
export function ImageDropSection({
  file,
  inputRef,
  onChoose,
}: {
  file: File | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onChoose: (file: File | undefined) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const preview = useObjectUrl(file);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onChoose(event.dataTransfer.files[0]);
  };
  return (
    <section
      aria-label="Imagem"
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center ${
        dragging ? 'border-blue-600 bg-blue-50 dark:bg-blue-950/40' : 'border-slate-300 dark:border-slate-600'
      }`}
    >
      {preview ? (
        <img src={preview} alt="Imagem escolhida" className="max-h-72 rounded object-contain" />
      ) : (
        <FileImage className="size-10 text-slate-400" aria-hidden="true" />
      )}
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {file ? file.name : 'Arraste uma imagem aqui ou escolha um arquivo.'}
      </p>
      <label className="inline-flex min-h-11 cursor-pointer items-center rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">
        Escolher imagem
        <input ref={inputRef} type="file" accept="image/*" className="sr-only" onChange={(e) => onChoose(e.target.files?.[0])} />
      </label>
    </section>
  );
}

/** 'Análise do rótulo': the fields read from an equipment label. */
export function LabelAnalysis({ analysis }: { analysis: Record<string, string> }) {
  return (
    <section aria-label="Análise do rótulo" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h2 className="mb-2 font-semibold">Análise do rótulo</h2>
      {Object.keys(analysis).length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Nenhum dado de rótulo encontrado.</p>
      ) : (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          {Object.entries(analysis).map(([key, value]) => (
            <div key={key} className="flex gap-2">
              <dt className="font-medium text-slate-600 dark:text-slate-300">{LABEL_NAMES[key] ?? key}:</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** 'Áudio e ditado': record a voice memo; dictate into the text where the browser can. */
export function AudioSection({ onSaid }: { onSaid: (said: string) => void }) {
  const audio = useAudioRecorder();
  const dictation = useDictation(onSaid);
  return (
    <section aria-label="Áudio e ditado" className="flex flex-wrap items-center gap-2">
      {audio.recording ? (
        <Button variant="danger" icon={<Square className="size-4" />} onClick={audio.stop}>
          Parar gravação
        </Button>
      ) : (
        <Button variant="secondary" icon={<Mic className="size-4" />} onClick={() => void audio.start()}>
          Gravar áudio
        </Button>
      )}
      {dictation.supported && (
        <Button
          variant="secondary"
          icon={dictation.dictating ? <MicOff className="size-4" /> : <Mic className="size-4" />}
          onClick={dictation.toggle}
        >
          {dictation.dictating ? 'Parar ditado' : 'Ditar texto'}
        </Button>
      )}
      {audio.audioUrl && (
        // biome-ignore lint/a11y/useMediaCaption: a voice memo the user just recorded has no captions
        <audio controls src={audio.audioUrl} className="max-w-full" />
      )}
      {audio.error && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {audio.error}
        </p>
      )}
    </section>
  );
}
