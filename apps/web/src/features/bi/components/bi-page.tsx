import { BI_MSG } from '@os/shared';
import { BarChart3 } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useBiConfig } from '../api/bi-config';

/** Public page (docs/screens.md#bi): no layout, no session; the frame's address is the BI_EMBED_URL setting. */
export function BiPage() {
  const config = useBiConfig();
  return (
    <main className="mx-auto flex min-h-dvh max-w-7xl flex-col p-4 sm:p-6">
      <PageTitle title={BI_MSG.title} />
      {config.isPending ? (
        <LoadingBlock />
      ) : config.data?.embedUrl ? (
        <iframe
          title={BI_MSG.title}
          src={config.data.embedUrl}
          allowFullScreen
          referrerPolicy="no-referrer"
          className="min-h-[70dvh] w-full flex-1 rounded-lg border border-slate-200 bg-white dark:border-slate-700"
        />
      ) : (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900">
          <EmptyState icon={<BarChart3 />} title={config.error ? config.error.message : BI_MSG.notConfigured} />
        </div>
      )}
    </main>
  );
}
