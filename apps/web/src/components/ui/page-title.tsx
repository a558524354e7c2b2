import { type ReactNode, useEffect } from 'react';

/** Sets the browser tab to '<Screen> · OS' (docs/ui.md#behaviour) while the screen is shown. */
export function useDocumentTitle(screen: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${screen} · OS`;
    return () => {
      document.title = previous;
    };
  }, [screen]);
}

export interface PageTitleProps {
  title: string;
  /** The tab's name when it differs from the heading (e.g. the menu label). */
  documentTitle?: string;
  /** The count of results, shown next to the title (docs/ui.md). */
  count?: ReactNode;
  /** Buttons on the right, e.g. '+ Novo Cliente'. */
  actions?: ReactNode;
  children?: ReactNode;
}

export function PageTitle({ title, documentTitle, count, actions, children }: PageTitleProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">
          {title}
          {count !== undefined && <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">{count}</span>}
        </h1>
        {children && <div className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{children}</div>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
