import type { ReactNode } from 'react';
import { BrandMark } from '../../../components/ui/brand-mark';

/** The centred card of the public sign-in screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 px-4 py-10 dark:bg-slate-950">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <BrandMark size="lg" />
          <p className="text-sm font-medium text-slate-600 dark:text-slate-400">Sistema de Ordens de Serviço</p>
          <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h1>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          {children}
        </div>
      </div>
    </main>
  );
}
