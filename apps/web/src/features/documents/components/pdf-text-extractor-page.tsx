import { EXTRACT_MSG, EXTRACT_PDF_MAX_BYTES } from '@os/shared';
import { useState } from 'react';
import { PageTitle } from '../../../components/ui/page-title';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useExtractText } from '../api/extract-text';
import { FileDropZone } from './file-drop-zone';
import { ChosenPdf, ExtractedText, ExtractProgress } from './pdf-text-parts';

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** /pdfestudo: the PDF text extractor (docs/screens.md#pdfestudo). */
export function PdfTextExtractorPage() {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [text, setText] = useState<string | null>(null);
  const extract = useExtractText(setProgress);

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
        {file && <ChosenPdf file={file} busy={extract.isPending} onRun={run} />}
        {extract.isPending && <ExtractProgress progress={progress} />}
        {text !== null && <ExtractedText text={text} fileName={file?.name} />}
      </div>
    </section>
  );
}
