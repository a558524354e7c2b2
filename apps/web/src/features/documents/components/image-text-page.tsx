import { EXPENSE_MSG, type TextExtraction } from '@os/shared';
import { Check, Copy, RotateCcw, ScanText, Sparkles } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { useAnalyzeLabel, useExtractImageText } from '../api/image-extract-text';
import { AudioSection, ImageDropSection, LabelAnalysis } from './image-text-parts';
import { useCopyText } from './use-copy-text';

/**
 * Image text-extraction test page /rotulos (docs/screens.md#rotulos, docs/rules.md#fixed-defects): drop or choose an image,
 * read its text, or its text plus the fields of an equipment label; copy; record audio; dictate.
 */
export function ImageTextPage() {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [analysis, setAnalysis] = useState<Record<string, string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const extract = useExtractImageText();
  const analyze = useAnalyzeLabel();
  const { copied, copy } = useCopyText(() => setError(EXPENSE_MSG.copyFailed));

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) return setError(EXPENSE_MSG.photoNotImage);
    setError(null);
    setFile(chosen);
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

  const busy = extract.isPending || analyze.isPending;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <PageTitle title="Extração de Texto de Imagens" documentTitle="Rótulos" />
      <ImageDropSection file={file} inputRef={input} onChoose={choose} />

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
            onClick={() => void copy(text)}
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

      {analysis && <LabelAnalysis analysis={analysis} />}
      <AudioSection onSaid={(said) => setText((t) => (t ? `${t} ${said}` : said))} />
    </div>
  );
}
