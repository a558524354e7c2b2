import { formatDate, type PortalEquipment, padNumber } from '@os/shared';
import { ChevronRight } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DetailLine } from '../../../components/ui/detail-line';
import { useDocumentTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useErrorToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { usePortalEquipment, usePortalEquipmentHistory } from '../api/portal-requests';
import { PortalGate } from './portal-home';
import { PORTAL_CARD, PORTAL_MUTED } from './portal-page';
import { ServicePhoto } from './service-photo';

export const portalEquipmentName = (e: Pick<PortalEquipment, 'tipo' | 'fabricante' | 'modelo'>) =>
  [e.tipo, e.fabricante, e.modelo].filter(Boolean).join(' ');

function EquipmentLines({ e }: { e: PortalEquipment }) {
  return (
    <dl className="mt-1 flex flex-col gap-0.5">
      <DetailLine label="Nº de série" value={e.numeroSerie} />
      <DetailLine label="Local" value={e.local} />
      <DetailLine label="Instalação" value={formatDate(e.dataInstalacao)} />
      <DetailLine label="Próxima manutenção" value={formatDate(e.proximaManutencao)} />
      {!e.ativo && <DetailLine label="Situação" value="Inativo" />}
    </dl>
  );
}

/** /portal/equipamentos: the client's machines as cards (docs/screens.md#portal). */
export function PortalEquipmentListPage() {
  useDocumentTitle('Equipamentos - Área do Cliente');
  return <PortalGate>{() => <PortalEquipmentList />}</PortalGate>;
}

function PortalEquipmentList() {
  const list = usePortalEquipment();
  useErrorToast(list.error);
  if (list.isLoading) return <LoadingBlock />;
  const items = list.data ?? [];
  return (
    <section aria-labelledby="portal-equipment-title">
      <h1 id="portal-equipment-title" className="text-xl font-semibold text-slate-900 dark:text-white">
        Equipamentos
      </h1>
      {items.length === 0 && <p className={`mt-2 ${PORTAL_MUTED}`}>Nenhum equipamento cadastrado.</p>}
      <ul className="mt-3 flex flex-col gap-3">
        {items.map((e) => (
          <li key={e.id}>
            <Link
              to={`/portal/equipamentos/${e.id}`}
              className={`block ${PORTAL_CARD} hover:border-blue-400 focus-visible:outline-2 focus-visible:outline-blue-600`}
            >
              <span className="flex items-center gap-2">
                <span className="font-semibold text-slate-900 dark:text-white">{portalEquipmentName(e)}</span>
                <ChevronRight className="ml-auto size-4 shrink-0 text-slate-400" aria-hidden="true" />
              </span>
              <EquipmentLines e={e} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /portal/equipamentos/:id: one machine and its service history; another client's answers 'não encontrado'. */
export function PortalEquipmentPage() {
  useDocumentTitle('Equipamento - Área do Cliente');
  return <PortalGate>{() => <PortalEquipmentView />}</PortalGate>;
}

function PortalEquipmentView() {
  const id = Number(useParams().id);
  const history = usePortalEquipmentHistory(id);
  const missing = history.error instanceof ApiError && (history.error.status === 404 || history.error.status === 400);
  useErrorToast(missing ? null : history.error);
  if (history.isLoading) return <LoadingBlock />;
  if (!history.data)
    return (
      <div>
        <p className={PORTAL_MUTED}>Equipamento não encontrado.</p>
        <Link to="/portal/equipamentos" className="mt-2 inline-block text-sm text-blue-700 hover:underline dark:text-blue-300">
          ← Equipamentos
        </Link>
      </div>
    );
  const { equipamento: e, ordens } = history.data;
  return (
    <article aria-labelledby="portal-equip-title">
      <Link to="/portal/equipamentos" className="text-sm text-blue-700 hover:underline dark:text-blue-300">
        ← Equipamentos
      </Link>
      <h1 id="portal-equip-title" className="mt-2 text-xl font-semibold text-slate-900 dark:text-white">
        {portalEquipmentName(e)}
      </h1>
      <EquipmentLines e={e} />
      <Link
        to={`/portal/solicitar?equipamento=${e.id}`}
        className="mt-4 inline-flex min-h-11 items-center rounded-md bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800 sm:min-h-9 dark:bg-blue-600"
      >
        Solicitar atendimento para este equipamento
      </Link>
      <section aria-labelledby="portal-equip-history" className="mt-6">
        <h2 id="portal-equip-history" className="text-lg font-semibold text-slate-900 dark:text-white">
          Histórico de atendimentos
        </h2>
        {ordens.length === 0 && <p className={`mt-2 ${PORTAL_MUTED}`}>Nenhum atendimento registrado para este equipamento.</p>}
        <ol className="mt-2 flex flex-col gap-3">
          {ordens.map((o) => (
            <li key={o.id} className={PORTAL_CARD}>
              <Link
                to={`/portal/os/${o.id}`}
                className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 hover:underline dark:text-white"
              >
                OS {padNumber(o.numero)} <StatusBadge status={o.status} />
              </Link>
              <p className={PORTAL_MUTED}>
                {formatDate(o.data)}
                {o.endDate ? ` a ${formatDate(o.endDate)}` : ''}
                {o.tecnico ? ` · ${o.tecnico}` : ''}
              </p>
              {o.motivo && <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">{o.motivo}</p>}
              {o.descricoes.length > 0 && (
                <ul className="mt-2 flex flex-col gap-2 border-t border-slate-100 pt-2 dark:border-slate-800">
                  {o.descricoes.map((d) => (
                    <li key={d.id} className="text-sm text-slate-900 dark:text-slate-100">
                      <span className="text-slate-600 dark:text-slate-400">{formatDate(d.data)}: </span>
                      <span className="whitespace-pre-wrap">{d.descricao}</span>
                      {d.foto && <ServicePhoto src={d.foto} descricao={d.descricao} className="mt-1 max-h-64" />}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
