import { MSG } from '@os/shared';
import { PanelLeft } from 'lucide-react';
import { Navigate } from 'react-router';
import { useDocumentTitle } from '../../components/ui/page-title';
import { useAuth } from '../../lib/auth';

export function HomePage() {
  useDocumentTitle('Início');
  const { user } = useAuth();
  // A technician's home is the job list (docs/rules.md#daily-use).
  if (user?.role === 'tec') return <Navigate to="/service-orders" replace />;
  return (
    <section className="mx-auto mt-6 max-w-2xl rounded-lg border border-slate-200 bg-white p-6 sm:mt-12 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <h1 className="text-xl font-semibold sm:text-2xl tracking-tight text-slate-900 dark:text-white">{MSG.welcome}</h1>
      {user && <p className="mt-1 text-slate-500 dark:text-slate-400">{user.nome_completo}</p>}
      <p className="mt-4 flex items-center gap-2 text-slate-700 dark:text-slate-300">
        <PanelLeft className="size-4 shrink-0 text-blue-700 dark:text-blue-300" aria-hidden="true" />
        Escolha uma opção no menu lateral.
      </p>
    </section>
  );
}
