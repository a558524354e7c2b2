import { formatDate, formatQuantity, type PortalOrder, padNumber } from '@os/shared';
import { ChevronRight, FileText } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DetailLine } from '../../../components/ui/detail-line';
import { NewTabLink } from '../../../components/ui/new-tab-link';
import { LoadingBlock } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useErrorToast } from '../../../components/ui/toast';
import { usePortalOrder, usePortalOrders } from '../api/portal';
import { PortalApproval } from './portal-approval';
import { PortalChecklist } from './portal-checklist';
import { usePortalPage } from './portal-page';
import { ServicePhoto } from './service-photo';

/** The scheduled window as 'DD/MM/YYYY HH:mm às HH:mm' (docs/rules.md#agenda), or ''. */
export function windowText(inicio: string | null, fim: string | null): string {
  if (!inicio || !fim) return '';
  const clock = (v: string) => v.slice(11, 16);
  return `${formatDate(inicio)} ${clock(inicio)} às ${clock(fim)}`;
}

function OrderSummary({ order }: { order: PortalOrder }) {
  return (
    <dl className="mt-1 flex flex-col gap-0.5">
      <DetailLine label="Data" value={formatDate(order.data)} />
      <DetailLine label="Equipamento" value={order.equipamento} />
      <DetailLine label="Técnico" value={order.tecnico} />
      <DetailLine label="Visita agendada" value={windowText(order.agenda_inicio, order.agenda_fim)} />
    </dl>
  );
}

/** The client's orders as cards, phone first, paged (docs/screens.md#portal). */
export function PortalOrders() {
  const { loading, items, pagination } = usePortalPage(usePortalOrders);
  if (loading) return <LoadingBlock />;
  return (
    <section aria-labelledby="portal-orders-title" className="mt-6">
      <h2 id="portal-orders-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Ordens de Serviço
      </h2>
      {items.length === 0 && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nenhuma ordem de serviço.</p>}
      <ul className="mt-3 flex flex-col gap-3">
        {items.map((o) => (
          <li key={o.id}>
            <Link
              to={`/portal/os/${o.id}`}
              className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-400 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="flex items-center gap-2">
                <span className="font-semibold text-slate-900 dark:text-white">OS {padNumber(o.numero)}</span>
                <StatusBadge status={o.status} />
                <ChevronRight className="ml-auto size-4 text-slate-400" aria-hidden="true" />
              </span>
              {o.motivo && <span className="mt-1 block text-sm text-slate-700 dark:text-slate-300">{o.motivo}</span>}
              <OrderSummary order={o} />
            </Link>
          </li>
        ))}
      </ul>
      {pagination}
    </section>
  );
}

/** /portal/os/:id: one order as the client sees it (docs/rules.md#portal). */
export function PortalOrderView() {
  const id = Number(useParams().id);
  const order = usePortalOrder(id);
  useErrorToast(order.error);
  if (order.isLoading) return <LoadingBlock />;
  const o = order.data;
  if (!o) return <p className="text-sm text-slate-600 dark:text-slate-400">Ordem de serviço não encontrada.</p>;
  return (
    <article aria-labelledby="portal-order-title">
      <Link to="/portal" className="text-sm text-blue-700 hover:underline dark:text-blue-300">
        ← Minhas ordens de serviço
      </Link>
      <h1 id="portal-order-title" className="mt-2 flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white">
        OS {padNumber(o.numero)} <StatusBadge status={o.status} />
      </h1>
      <dl className="mt-2 flex flex-col gap-0.5">
        <DetailLine label="Data" value={formatDate(o.data)} />
        <DetailLine label="Motivo" value={o.motivo} />
        <DetailLine label="Equipamento" value={o.equipamento} />
        <DetailLine label="Nº de série" value={o.nr_serie} />
        <DetailLine label="Nº da peça" value={o.nr_peca} />
        <DetailLine label="Responsável" value={o.responsavel} />
        <DetailLine label="Cidade" value={o.cidade} />
        <DetailLine label="Técnico" value={o.tecnico} />
        <DetailLine label="Visita agendada" value={windowText(o.agenda_inicio, o.agenda_fim)} />
        <DetailLine label="Concluída em" value={formatDate(o.end_date)} />
      </dl>
      {o.pdf && (
        <NewTabLink
          href={`/api/portal/os/${o.id}/pdf`}
          icon={FileText}
          className="mt-4 gap-2 rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800 dark:bg-blue-600"
        >
          Ver PDF da OS
        </NewTabLink>
      )}
      <PortalApproval orderId={o.id} />
      <section aria-labelledby="portal-desc-title" className="mt-6">
        <h2 id="portal-desc-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Serviços realizados
        </h2>
        {o.descricoes.length === 0 && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nenhuma descrição.</p>}
        <ul className="mt-2 flex flex-col gap-3">
          {o.descricoes.map((d) => (
            <li key={d.id} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
              <p className="text-xs text-slate-600 dark:text-slate-400">{formatDate(d.data)}</p>
              <p className="whitespace-pre-wrap text-sm text-slate-900 dark:text-slate-100">{d.descricao}</p>
              {d.foto && <ServicePhoto src={d.foto} descricao={d.descricao} className="mt-2 max-h-80" />}
            </li>
          ))}
        </ul>
      </section>
      <PortalChecklist checklist={o.checklist ?? null} />
      {o.materiais.length > 0 && (
        // docs/rules.md#materials-and-stock: what was used, never its price.
        <section aria-labelledby="portal-mat-title" className="mt-6">
          <h2 id="portal-mat-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            Materiais utilizados
          </h2>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-900 dark:text-slate-100">
            {o.materiais.map((m) => (
              <li key={m.id}>
                {m.descricao}: {formatQuantity(m.quantidade)} {m.unidade}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="portal-sign-title" className="mt-6">
        <h2 id="portal-sign-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Assinatura
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {o.assinatura
            ? `Assinado por ${o.assinatura.nome} em ${new Date(o.assinatura.em).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' })}.`
            : 'Ainda não assinada.'}
        </p>
      </section>
    </article>
  );
}
