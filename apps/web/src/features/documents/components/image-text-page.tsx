import { EXPENSE_MSG, type TextExtraction } from '@os/shared';
import { Check, Copy, FileImage, Mic, MicOff, RotateCcw, ScanText, Sparkles, Square } from 'lucide-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useAnalyzeLabel, useExtractImageText } from '../api/image-extract-text';

const SILENCE_AMPLITUDE = 0.01;
const SILENCE_STOP_MS = 5000;
const COPY_CONFIRM_MS = 2000;

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

interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult:
    | ((event: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void)
    | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

function speechRecognition(): (new () => SpeechRecognitionLike) | undefined {
  const w = window as unknown as Record<string, unknown>;
  return (w.SpeechRecognition ?? w.webkitSpeechRecognition) as (new () => SpeechRecognitionLike) | undefined;
}

/** Records from the microphone; stops by itself after 5 s below amplitude 0.01 (docs/screens.md#other-screens). */
function useAudioRecorder() {
  const [recording, setRecording] = useState(false);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stopRef = useRef<() => void>(() => undefined);

  const start = async () => {
    setError(null);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      context.createMediaStreamSource(stream).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      let quietSince = Date.now();
      const timer = window.setInterval(() => {
        analyser.getFloatTimeDomainData(samples);
        const peak = samples.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
        if (peak >= SILENCE_AMPLITUDE) quietSince = Date.now();
        else if (Date.now() - quietSince >= SILENCE_STOP_MS) stopRef.current();
      }, 100);
      recorder.ondataavailable = (e) => chunks.push(e.data);
      recorder.onstop = () => {
        window.clearInterval(timer);
        for (const track of stream.getTracks()) track.stop();
        void context.close();
        setAudioUrl((old) => {
          if (old) URL.revokeObjectURL(old);
          return URL.createObjectURL(new Blob(chunks, { type: recorder.mimeType }));
        });
        setRecording(false);
      };
      stopRef.current = () => recorder.state !== 'inactive' && recorder.stop();
      recorder.start();
      setRecording(true);
    } catch {
      setError('Não foi possível acessar o microfone. Verifique as permissões.');
    }
  };
  useEffect(() => () => stopRef.current(), []);
  return { recording, audioUrl, error, start, stop: () => stopRef.current() };
}

/**
 * Image text-extraction test page /rotulos (docs/screens.md#rotulos, docs/rules.md#fixed-defects): drop or choose an image,
 * read its text, or its text plus the fields of an equipment label; copy; record audio; dictate.
 */
export function ImageTextPage() {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [analysis, setAnalysis] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [dictating, setDictating] = useState(false);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const extract = useExtractImageText();
  const analyze = useAnalyzeLabel();
  const audio = useAudioRecorder();
  const Speech = speechRecognition();

  const preview = useObjectUrl(file);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) return setError(EXPENSE_MSG.photoNotImage);
    setError(null);
    setFile(chosen);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const run = (mutation: typeof extract, fallback: string) => {
    if (!file) return;
    setError(null);
    mutation.mutate(file, {
      onSuccess: (result: TextExtraction) => {
        setText(result.extractedText);
        setAnalysis(result.analysis ?? null);
      },
      onError: (e) => setError(e instanceof ApiError && e.status !== 500 ? e.message : fallback),
    });
  };

  const reset = () => {
    setFile(null);
    setText('');
    setAnalysis(null);
    setError(null);
    if (input.current) input.current.value = '';
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    } catch {
      setError(EXPENSE_MSG.copyFailed);
    }
  };

  const toggleDictation = () => {
    if (!Speech) return;
    if (dictating) return recognition.current?.stop();
    const r = new Speech();
    r.lang = 'pt-BR';
    r.continuous = true;
    r.interimResults = false;
    r.onresult = (event) => {
      let said = '';
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i]!;
        if (result.isFinal) said += result[0]!.transcript;
      }
      if (said) setText((t) => (t ? `${t} ${said.trim()}` : said.trim()));
    };
    r.onend = () => setDictating(false);
    recognition.current = r;
    r.start();
    setDictating(true);
  };

  const busy = extract.isPending || analyze.isPending;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <PageTitle title="Extração de Texto de Imagens" documentTitle="Rótulos" />
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
          <input ref={input} type="file" accept="image/*" className="sr-only" onChange={(e) => choose(e.target.files?.[0])} />
        </label>
      </section>

      <div className="flex flex-wrap gap-2">
        <Button
          icon={<ScanText className="size-4" />}
          onClick={() => run(extract, EXPENSE_MSG.extractFailed)}
          disabled={!file || busy}
          loading={extract.isPending}
        >
          Extrair Texto
        </Button>
        <Button
          icon={<Sparkles className="size-4" />}
          variant="secondary"
          onClick={() => run(analyze, EXPENSE_MSG.imageFailed)}
          disabled={!file || busy}
          loading={analyze.isPending}
        >
          Extrair Texto Gemini
        </Button>
        <Button icon={<RotateCcw className="size-4" />} variant="ghost" onClick={reset} disabled={busy}>
          Nova Análise
        </Button>
      </div>

      {busy && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <Spinner /> Processando imagem…
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200">
          {error}
        </p>
      )}

      <section aria-label="Texto extraído" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold">Texto extraído</h2>
          <Button
            size="sm"
            variant="secondary"
            icon={copied ? <Check className="size-4" /> : <Copy className="size-4" />}
            onClick={copy}
            disabled={!text}
          >
            {copied ? EXPENSE_MSG.copied : 'Copiar Texto'}
          </Button>
        </div>
        <Textarea
          aria-label="Texto extraído"
          className="min-h-48 font-mono"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </section>

      {analysis && (
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
      )}

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
        {Speech && (
          <Button
            variant="secondary"
            icon={dictating ? <MicOff className="size-4" /> : <Mic className="size-4" />}
            onClick={toggleDictation}
          >
            {dictating ? 'Parar ditado' : 'Ditar texto'}
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
    </div>
  );
}
