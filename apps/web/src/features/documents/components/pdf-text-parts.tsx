import { EXTRACT_MSG } from '@os/shared';
import { Check, Copy, Download, FileText, ScanText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { saveBlob } from '../../../lib/save-blob';
import { formatBytes } from './download';
import { useCopyText } from './use-copy-text';

/** The chosen PDF, its size and 'Extrair Texto'. */
export function ChosenPdf({ file, busy, onRun }: { file: File; busy: boolean; onRun: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-900">
      <p className="flex min-w-0 items-center gap-2 text-sm">
        <FileText className="size-4 shrink-0 text-red-700 dark:text-red-400" aria-hidden="true" />
        <span className="truncate font-medium" title={file.name}>
          {file.name}
        </span>
        <span className="shrink-0 text-slate-500 dark:text-slate-400" data-testid="file-size">
          {formatBytes(file.size)}
        </span>
      </p>
      <Button onClick={onRun} loading={busy} icon={<ScanText className="size-4" aria-hidden="true" />}>
        Extrair Texto
      </Button>
    </div>
  );
}

/** The upload's bar, then a note while the server reads the pages. */
export function ExtractProgress({ progress }: { progress: number }) {
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Envio do arquivo"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-blue-700 transition-[width] dark:bg-blue-400" style={{ width: `${progress}%` }} />
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
        {progress < 100 && `Enviando... ${progress}%`}
        {progress >= 100 && 'Lendo o PDF... (páginas digitalizadas podem levar alguns segundos cada)'}
      </p>
    </div>
  );
}

/** 'Texto extraído' with its length, 'Copiar' and 'Baixar TXT' (named after the PDF). */
export function ExtractedText({ text, fileName }: { text: string; fileName: string | undefined }) {
  const { copied, copy } = useCopyText(() => toast.error(EXTRACT_MSG.copyFailed));
  const download = () => {
    const name = `${(fileName ?? 'texto').replace(/\.pdf$/i, '')}.txt`;
    saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), name);
  };
  return (
    <div className="space-y-2">
      <Field label="Texto extraído" hint={`${text.length.toLocaleString('pt-BR')} caracteres`}>
        {(control) => <Textarea {...control} readOnly value={text} rows={16} className="font-mono text-xs leading-relaxed" />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => void copy(text)}
          icon={copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        >
          {copied ? EXTRACT_MSG.copied : 'Copiar'}
        </Button>
        <Button variant="secondary" onClick={download} icon={<Download className="size-4" aria-hidden="true" />}>
          Baixar TXT
        </Button>
      </div>
    </div>
  );
}
