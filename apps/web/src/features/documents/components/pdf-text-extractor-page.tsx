import { EXTRACT_MSG, EXTRACT_PDF_MAX_BYTES } from '@os/shared';
import { Check, Copy, Download, FileText, ScanText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';
import { useExtractText } from '../api/extract-text';
import { formatBytes } from './download';
import { FileDropZone } from './file-drop-zone';

/** docs/rules.md#constants: the copy confirmation lasts 2 s. */
const COPY_CONFIRMATION_MS = 2000;

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** /pdfestudo: the PDF text extractor (docs/screens.md#pdfestudo). */
export function PdfTextExtractorPage() {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [text, setText] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const copyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const extract = useExtractText(setProgress);

  useEffect(() => () => clearTimeout(copyTimer.current), []);

  const choose = (chosen: File) => {
    // The same checks as the server, before anything is sent (docs/rules.md#validation).
    if (!isPdf(chosen)) return toast.error(EXTRACT_MSG.invalidPdf);
    if (chosen.size > EXTRACT_PDF_MAX_BYTES) return toast.error(EXTRACT_MSG.tooLarge);
    setFile(chosen);
    setText(null);
    setProgress(0);
    extract.reset();
  };

  const run = () => {
    if (!file) return toast.error(EXTRACT_MSG.invalidPdf);
    setProgress(0);
    extract.mutate(file, {
      onSuccess: (answer) => setText(answer.extractedText),
      onError: (error) => {
        const status = error instanceof ApiError ? error.status : 0;
        toast.error(status >= 400 && status < 500 ? error.message : EXTRACT_MSG.failed);
      },
    });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text ?? '');
      setCopied(true);
      clearTimeout(copyTimer.current);
      copyTimer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      toast.error(EXTRACT_MSG.copyFailed);
    }
  };

  const download = () => {
    const name = `${(file?.name ?? 'texto').replace(/\.pdf$/i, '')}.txt`;
    saveBlob(new Blob([text ?? ''], { type: 'text/plain;charset=utf-8' }), name);
  };

  const uploading = extract.isPending && progress < 100;
  const reading = extract.isPending && progress >= 100;

  return (
    <section className="mx-auto max-w-4xl">
      <PageTitle title="Extrator de Texto de PDF" documentTitle="PDF ESTUDO">
        Extraia o texto de todas as páginas de um PDF; páginas digitalizadas são lidas por OCR.
      </PageTitle>

      <div className="space-y-4">
        <FileDropZone
          accept="application/pdf,.pdf"
          label="Arraste um PDF aqui ou clique para escolher"
          hint="Somente PDF, até 10MB"
          disabled={extract.isPending}
          onFile={choose}
        />

        {file && (
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
            <Button onClick={run} loading={extract.isPending} icon={<ScanText className="size-4" aria-hidden="true" />}>
              Extrair Texto
            </Button>
          </div>
        )}

        {extract.isPending && (
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
              {uploading && `Enviando... ${progress}%`}
              {reading && 'Lendo o PDF... (páginas digitalizadas podem levar alguns segundos cada)'}
            </p>
          </div>
        )}

        {text !== null && (
          <div className="space-y-2">
            <Field label="Texto extraído" hint={`${text.length.toLocaleString('pt-BR')} caracteres`}>
              {(control) => (
                <Textarea {...control} readOnly value={text} rows={16} className="font-mono text-xs leading-relaxed" />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={copy}
                icon={copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
              >
                {copied ? EXTRACT_MSG.copied : 'Copiar'}
              </Button>
              <Button variant="secondary" onClick={download} icon={<Download className="size-4" aria-hidden="true" />}>
                Baixar TXT
              </Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
