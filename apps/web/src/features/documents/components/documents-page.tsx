import { UPLOAD_DOC_MAX_BYTES, UPLOAD_DOC_MSG, UPLOAD_DOC_TYPES, type UploadedDoc } from '@os/shared';
import { ExternalLink, ImageIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { NewTabLink } from '../../../components/ui/new-tab-link';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { useCompanyName } from '../api/company-name';
import { useUploadDoc } from '../api/upload-doc';
import { useUploadDocs } from '../api/upload-docs';
import { formatBytes } from './download';
import { FileDropZone } from './file-drop-zone';

/** docs/rules.md#constants: the image-list load error stays 5 s. */
const LOAD_ERROR_TOAST_MS = 5000;

const uploadedAt = (iso: string) => {
  const date = new Date(iso);
  const time = date.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
  return `${formatDate(date.toLocaleDateString('en-CA'))} ${time}`;
};

/** /documentos: Repositório de Documentação (docs/screens.md#documentos). */
export function DocumentsPage() {
  const docs = useUploadDocs();
  const company = useCompanyName();
  const upload = useUploadDoc();
  const [zoomed, setZoomed] = useState<UploadedDoc | null>(null);

  useEffect(() => {
    if (docs.error) toast.error(`${UPLOAD_DOC_MSG.loadFailed}${docs.error.message}`, { duration: LOAD_ERROR_TOAST_MS });
  }, [docs.error]);

  const choose = (file: File) => {
    // The server checks the bytes too; these checks spare a useless upload (docs/rules.md#fixed-defects).
    if (!(UPLOAD_DOC_TYPES as readonly string[]).includes(file.type)) return toast.error(UPLOAD_DOC_MSG.invalidImage);
    if (file.size > UPLOAD_DOC_MAX_BYTES) return toast.error(UPLOAD_DOC_MSG.tooLarge);
    upload.mutate(file, {
      onSuccess: () => toast.success(UPLOAD_DOC_MSG.uploaded),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <section className="mx-auto max-w-6xl">
      <PageTitle title="Repositório de Documentação" documentTitle="Documentos">
        {company.data ? `Documentação de ${company.data}` : 'Documentação da empresa'}
      </PageTitle>

      <FileDropZone
        accept="image/jpeg,image/png"
        label={upload.isPending ? 'Enviando imagem...' : 'Arraste uma imagem aqui ou clique para escolher'}
        hint="JPG ou PNG, até 5MB"
        disabled={upload.isPending}
        onFile={choose}
      />

      <h2 className="mt-6 mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        Your Photos
        {docs.data && <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">{docs.data.length}</span>}
      </h2>

      {docs.isPending ? (
        <LoadingBlock text="Carregando imagens..." />
      ) : !docs.data?.length ? (
        <div className="rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
          <EmptyState icon={<ImageIcon />} title={UPLOAD_DOC_MSG.empty} />
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {docs.data.map((doc) => (
            <li key={doc.filename}>
              <button
                type="button"
                onClick={() => setZoomed(doc)}
                aria-label={`Ampliar ${doc.name}`}
                className="group block w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 dark:border-slate-700 dark:bg-slate-900"
              >
                <img
                  src={doc.url}
                  alt={doc.name}
                  loading="lazy"
                  className="aspect-[4/3] w-full bg-slate-100 object-cover transition-transform group-hover:scale-[1.03] dark:bg-slate-800"
                />
                <span className="block px-2 py-1.5">
                  <span className="block truncate text-sm font-medium text-slate-800 dark:text-slate-100">{doc.name}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{uploadedAt(doc.uploadTime)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <Modal
        open={!!zoomed}
        onOpenChange={(open) => !open && setZoomed(null)}
        title={zoomed?.name ?? ''}
        description={zoomed ? `${uploadedAt(zoomed.uploadTime)} · ${formatBytes(zoomed.size)}` : undefined}
        size="xl"
      >
        {zoomed && (
          <div className="space-y-3">
            <img src={zoomed.url} alt={zoomed.name} className="mx-auto max-h-[70vh] w-auto max-w-full object-contain" />
            <NewTabLink
              href={zoomed.url}
              icon={ExternalLink}
              rel="noreferrer"
              className="gap-1 text-blue-700 underline dark:text-blue-300"
            >
              Abrir em nova aba
            </NewTabLink>
          </div>
        )}
      </Modal>
    </section>
  );
}
