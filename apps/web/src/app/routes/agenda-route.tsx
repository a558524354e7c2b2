import { AgendaPage } from '../../features/agenda/components/agenda-page';

/** /agenda 'Agenda' (docs/screens.md#agenda): the office plans who goes where and when (admin and user). */
export function AgendaRoute() {
  return <AgendaPage />;
}
