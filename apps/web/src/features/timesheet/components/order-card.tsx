import { AGENDA_MSG, endDateLabel, formatAgendaWindow, formatDate, type Lancamento, mapLink, padNumber } from '@os/shared';
import {
  CalendarClock,
  ChevronDown,
  ClipboardCheck,
  Clock,
  Eye,
  FileText,
  MapPin,
  Navigation,
  Package,
  PenLine,
  Receipt,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { StatusBadge } from '../../../components/ui/status-badge';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';

export type CardAction = 'timesheet' | 'descricao' | 'despesas' | 'checklist' | 'materiais' | 'assinar' | 'visualizar';

/**
 * 'A caminho' (docs/rules.md#whatsapp): tells the client's contacts over WhatsApp that the technician is on
 * the way; the server sends nothing for a second tap within 10 minutes, and says so.
 */
function OnTheWayButton({
  orderId,
  notify,
}: {
  orderId: number;
  notify: (id: number) => Promise<{ message: string; repetido: boolean }>;
}) {
  const [pending, setPending] = useState(false);
  const tap = async () => {
    setPending(true);
    try {
      const result = await notify(orderId);
      if (result.repetido) toast.info(result.message);
      else toast.success(result.message);
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant="secondary"
      className="mt-1 min-h-11"
      loading={pending}
      icon={<Navigation className="size-4" aria-hidden="true" />}
      onClick={() => void tap()}
    >
      A caminho
    </Button>
  );
}

/** One order of the engineer's list (docs/screens.md#service-orders): collapsible on phones, its buttons. */
export function OrderCard({
  order,
  today,
  onAction,
  onTheWay,
}: {
  order: Lancamento;
  /** Today on the company clock, for 'Hoje' / 'Amanhã' in the window. */
  today: string;
  onAction: (action: CardAction) => void;
  /** The orders feature's 'A caminho' call, when the page has it. */
  onTheWay?: (id: number) => Promise<{ message: string; repetido: boolean }>;
}) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  // Nobody writes to a Fechado order (docs/rules.md#order-life-cycle); it can still be viewed.
  const frozen = order.status === 'Fechado';
  const fields: [string, string][] = [
    ['Início', formatDate(order.data)],
    ['Término', endDateLabel(order, formatDate)],
    ['Nr Peça', order.nr_peca || '—'],
    ['Nr Serie', order.nr_serie || '—'],
    ['Engenheiro', order.engenheiroNome || order.engenheiro || '—'],
    ['Motivo', order.motivo || '—'],
  ];
  const buttons: [CardAction, string, typeof Clock][] = [
    ['timesheet', 'Add Timesheet', Clock],
    ['descricao', 'Add Descrição', FileText],
    ['despesas', 'Add Despesas', Receipt],
    ['checklist', 'Checklist', ClipboardCheck],
    ['materiais', 'Materiais', Package],
    ['assinar', 'Assinar', PenLine],
    ['visualizar', 'Visualizar', Eye],
  ];

  return (
    <article
      aria-label={`OS ${padNumber(order.numero)}`}
      className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-xs dark:border-slate-700 dark:bg-slate-900"
    >
      <header className="flex items-start gap-3 p-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold tabular-nums">OS {padNumber(order.numero)}</h3>
            <StatusBadge status={order.status} variant="card" />
          </div>
          <p className="truncate text-sm text-slate-600 dark:text-slate-300">{order.cliente}</p>
          {/* The planned window and the way there (docs/screens.md#service-orders), shown even when collapsed. */}
          {order.agendaInicio && order.agendaFim && (
            <p className="mt-1 flex items-center gap-1 text-sm font-semibold text-blue-800 tabular-nums dark:text-blue-200">
              <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
              {formatAgendaWindow(order.agendaInicio, order.agendaFim, today)}
            </p>
          )}
          {order.endereco && (
            <a
              href={mapLink(order.endereco)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${AGENDA_MSG.openMap}: ${order.endereco}`}
              className="mt-1 inline-flex min-h-11 max-w-full items-center gap-1 text-sm font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
            >
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 truncate">{order.endereco}</span>
            </a>
          )}
          {onTheWay && (order.status === 'Aberto' || order.status === 'Andamento') && (
            <div>
              <OnTheWayButton orderId={order.id} notify={onTheWay} />
            </div>
          )}
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={open ? 'Recolher' : 'Expandir'}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex size-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 sm:hidden dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <ChevronDown className={cn('size-5 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
      </header>
      <div id={bodyId} className={cn('border-t border-slate-100 p-3 dark:border-slate-800', open ? 'block' : 'hidden sm:block')}>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {fields.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
              <dd className="break-words font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {buttons.map(([action, label, Icon]) => (
            <Button
              key={action}
              variant={action === 'visualizar' ? 'secondary' : 'primary'}
              // Seven buttons on a phone: three pairs, then 'Visualizar' across.
              className={cn('min-h-11', action === 'visualizar' && 'col-span-2')}
              disabled={frozen && action !== 'visualizar'}
              icon={<Icon className="size-4" aria-hidden="true" />}
              onClick={() => onAction(action)}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>
    </article>
  );
}
