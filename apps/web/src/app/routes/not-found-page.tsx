import { MSG } from '@os/shared';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { useDocumentTitle } from '../../components/ui/page-title';

export function NotFoundPage() {
  useDocumentTitle('Página não encontrada');
  return (
    <EmptyState
      title={MSG.routeNotFound}
      action={
        <Link to="/" className="text-blue-700 hover:underline dark:text-blue-300">
          Voltar ao início
        </Link>
      }
    />
  );
}
