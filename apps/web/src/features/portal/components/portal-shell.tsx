import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/ui/brand-mark';

/** The portal's frame, phone first (docs/screens.md#portal): its own header, no staff menu. */
export function PortalShell({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-100 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-3">
          <BrandMark size="md" />
          <p className="flex-1 font-semibold text-slate-900 dark:text-white">Área do Cliente</p>
          {actions}
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6">{children}</main>
    </div>
  );
}

/** A centred card for the sign-in steps. */
export function PortalCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PortalShell>
      <div className="mx-auto w-full max-w-sm">
        <h1 className="mb-4 text-center text-xl font-semibold text-slate-900 dark:text-white">{title}</h1>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          {children}
        </div>
      </div>
    </PortalShell>
  );
}
