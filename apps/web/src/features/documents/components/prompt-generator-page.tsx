import { DEFAULT_PDF_NAME, GERAR_MSG, promptPdfFormSchema } from '@os/shared';
import { Download, FileDown, Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useGerarPdf } from '../api/gerar-pdf';
import { useGerarPrompt } from '../api/gerar-prompt';

const errorText = (error: unknown, known: string, unknown: string) =>
  error instanceof ApiError ? `${known}: ${error.message}` : error instanceof Error ? `${known}: ${error.message}` : unknown;

/** /gerarprompt: title and content make a prompt, and a PDF (docs/screens.md#gerarprompt, docs/rules.md#constants). */
export function PromptGeneratorPage() {
  const [prompt, setPrompt] = useState<string | null>(null);
  const [pdf, setPdf] = useState<{ url: string; name: string } | null>(null);
  const gerarPrompt = useGerarPrompt();
  const gerarPdf = useGerarPdf();
  const form = useSchemaForm(promptPdfFormSchema, {
    titulo: '',
    conteudo: '',
    nomeArquivo: DEFAULT_PDF_NAME,
    incluirData: true,
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!pdf) return;
    return () => URL.revokeObjectURL(pdf.url);
  }, [pdf]);

  // The prompt needs only title and content; the file name is checked when the PDF is asked for.
  const onPrompt = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await form.trigger(['titulo', 'conteudo']))) return;
    const { titulo, conteudo } = form.getValues();
    try {
      setPrompt((await gerarPrompt.mutateAsync({ titulo, conteudo })).prompt);
    } catch (error) {
      toast.error(errorText(error, GERAR_MSG.promptError, GERAR_MSG.promptUnknownError));
    }
  };

  const onPdf = form.handleSubmit(async (input) => {
    try {
      const answer = await gerarPdf.mutateAsync(input);
      setPdf({ url: URL.createObjectURL(answer.blob), name: input.nomeArquivo });
      toast.success(GERAR_MSG.pdfGenerated);
      if (answer.saved) toast.success(GERAR_MSG.pdfSaved);
      else toast.error(`${GERAR_MSG.pdfSaveError}${answer.saveError ?? GERAR_MSG.pdfSaveReason}`);
    } catch (error) {
      toast.error(errorText(error, GERAR_MSG.pdfError, GERAR_MSG.pdfUnknownError));
    }
  });

  return (
    <section className="mx-auto max-w-4xl">
      <PageTitle title="Gerar Prompt">Escreva um título e um conteúdo; gere o prompt e o PDF.</PageTitle>

      <form
        onSubmit={onPrompt}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
        noValidate
      >
        <Field label="Título" required error={errors.titulo?.message}>
          {(control) => <Input {...control} {...form.register('titulo')} />}
        </Field>
        <Field label="Conteúdo" required error={errors.conteudo?.message}>
          {(control) => <Textarea {...control} rows={8} {...form.register('conteudo')} />}
        </Field>
        <Button type="submit" loading={gerarPrompt.isPending} icon={<Sparkles className="size-4" aria-hidden="true" />}>
          Gerar Prompt
        </Button>
      </form>

      {prompt !== null && (
        <div className="mt-4 space-y-2">
          <Field label="Prompt gerado">
            {(control) => (
              <Textarea {...control} readOnly value={prompt} rows={14} className="font-mono text-xs leading-relaxed" />
            )}
          </Field>
        </div>
      )}

      <div className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
        <Field label="Nome do arquivo (sem .pdf)" required error={errors.nomeArquivo?.message}>
          {(control) => <Input {...control} {...form.register('nomeArquivo')} />}
        </Field>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700 sm:min-h-0 dark:text-slate-200">
          <input type="checkbox" className="size-4 accent-blue-700" {...form.register('incluirData')} />
          Incluir data no nome do arquivo
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={onPdf} loading={gerarPdf.isPending} icon={<FileDown className="size-4" aria-hidden="true" />}>
            Gerar PDF
          </Button>
          {pdf && (
            <a
              href={pdf.url}
              download={pdf.name}
              className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 underline dark:text-blue-300"
            >
              <Download className="size-4" aria-hidden="true" />
              Baixar {pdf.name}
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
