import { MSG } from '@os/shared';
import { Construction } from 'lucide-react';
import { EmptyState } from './empty-state';
import { PageTitle } from './page-title';

/** The stand-in for a screen that is not built yet: its title and 'Em construção'. */
export function UnderConstruction({ title, documentTitle }: { title: string; documentTitle?: string }) {
  return (
    <section>
      <PageTitle title={title} documentTitle={documentTitle} />
      <div className="rounded-lg border border-dashed border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900">
        <EmptyState icon={<Construction />} title={MSG.underConstruction} />
      </div>
    </section>
  );
}
