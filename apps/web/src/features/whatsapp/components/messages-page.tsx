import {
  EDGE_MSG,
  formatSentAt,
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
  type MessageFilterForm,
  type MessageStatus,
  messageFilterFormSchema,
  padNumber,
  type SentMessage,
  WHATSAPP_MSG,
} from '@os/shared';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChoiceFilter, DatePeriodFields, FilteredHistory } from '../../../components/ui/filter-actions';
import { PageTitle } from '../../../components/ui/page-title';
import { usePageInRange } from '../../../components/ui/paged-table';
import { Pagination, usePage } from '../../../components/ui/pagination';
import { LoadingBlock } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { Tooltip } from '../../../components/ui/tooltip';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { useMessages } from '../api/whatsapp';
import { WhatsappSettings } from './whatsapp-settings';

const PAGE_SIZE = 20;
const NO_FILTERS: MessageFilterForm = { canal: '', status: '', dataInicio: '', dataFinal: '' };

const TONE: Record<MessageStatus, BadgeTone> = {
  Pendente: 'yellow',
  Enviado: 'blue',
  Entregue: 'green',
  Lido: 'green',
  Falha: 'red',
};

const TRIGGER =
  'min-h-11 border-b-2 border-transparent px-4 text-sm font-medium text-slate-600 hover:text-slate-900 ' +
  'data-[state=active]:border-blue-700 data-[state=active]:text-blue-800 dark:text-slate-300 dark:hover:text-white ' +
  'dark:data-[state=active]:border-blue-400 dark:data-[state=active]:text-blue-300';

/** The provider's real status; a failure or a retry shows its reason in the tooltip. */
function StatusCell({ message }: { message: SentMessage }) {
  const badge = <Badge tone={TONE[message.status]}>{message.status}</Badge>;
  if (!message.erro) return badge;
  return (
    <Tooltip content={message.erro}>
      <button
        type="button"
        aria-label={`${message.status}: ${message.erro}`}
        title={message.erro}
        className="cursor-help rounded-full focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {badge}
      </button>
    </Tooltip>
  );
}

const COLUMNS: Column<SentMessage>[] = [
  { key: 'canal', header: 'Canal', cell: (m) => <Badge tone={m.canal === 'WhatsApp' ? 'green' : 'gray'}>{m.canal}</Badge> },
  { key: 'destinatario', header: 'Destinatário', cell: (m) => <span className="break-all">{m.destinatario}</span> },
  { key: 'assunto', header: 'Assunto ou modelo', cell: (m) => m.assunto, hideBelow: 'md' },
  { key: 'cliente', header: 'Cliente', cell: (m) => m.nomeCliente || '—', hideBelow: 'lg' },
  { key: 'os', header: 'OS', cell: (m) => (m.osNumero ? padNumber(m.osNumero) : '—'), align: 'right', hideBelow: 'sm' },
  {
    key: 'data',
    header: 'Enviada em',
    cell: (m) => <span className="whitespace-nowrap tabular-nums">{formatSentAt(m.enviadoEm)}</span>,
  },
  { key: 'status', header: 'Status', cell: (m) => <StatusCell message={m} /> },
];

function MessagesTab() {
  const { register, handleSubmit, reset } = useSchemaForm(messageFilterFormSchema, NO_FILTERS);
  const [applied, setApplied] = useState<MessageFilterForm>(NO_FILTERS);
  const { page, setPage, pagination } = usePage(PAGE_SIZE);
  const list = useMessages(applied, page, PAGE_SIZE);
  usePageInRange(list.data, PAGE_SIZE, setPage);

  useEffect(() => {
    if (list.error) toast.error(list.error.message);
  }, [list.error]);

  const apply = (next: MessageFilterForm) => {
    setApplied(next);
    setPage(1);
  };

  return (
    <FilteredHistory
      id="mensagens-enviadas"
      title={WHATSAPP_MSG.title}
      count={list.data?.total ?? 0}
      onSubmit={handleSubmit(apply, (errors) => toast.error(firstError(errors) ?? EDGE_MSG.date))}
      onClear={() => {
        reset(NO_FILTERS);
        apply(NO_FILTERS);
      }}
      filters={
        <>
          <ChoiceFilter label="Canal" values={MESSAGE_CHANNELS} field={register('canal')} />
          <ChoiceFilter label="Status" values={MESSAGE_STATUSES} field={register('status')} />
          <DatePeriodFields start={register('dataInicio')} end={register('dataFinal')} />
        </>
      }
    >
      {list.isPending ? (
        <LoadingBlock text="Carregando mensagens..." />
      ) : (
        <Table
          columns={COLUMNS}
          rows={list.data?.items ?? []}
          rowKey={(m) => `${m.canal}-${m.id}`}
          caption={WHATSAPP_MSG.title}
          empty={<EmptyState title={WHATSAPP_MSG.empty} className="py-4" />}
        />
      )}
      <Pagination className="mt-4" totalItems={list.data?.total ?? 0} {...pagination} />
    </FilteredHistory>
  );
}

/** /mensagens 'Mensagens enviadas' (docs/screens.md#mensagens): e-mails and WhatsApp with their real status, and the WhatsApp settings. */
export function MessagesPage() {
  const [tab, setTab] = useState('mensagens');
  return (
    <div>
      <PageTitle title={WHATSAPP_MSG.title} documentTitle="Mensagens" />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label={WHATSAPP_MSG.title} className="mb-4 flex border-b border-slate-200 dark:border-slate-700">
          <Tabs.Trigger value="mensagens" className={TRIGGER}>
            Mensagens
          </Tabs.Trigger>
          <Tabs.Trigger value="whatsapp" className={TRIGGER}>
            WhatsApp
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="mensagens">
          <MessagesTab />
        </Tabs.Content>
        <Tabs.Content value="whatsapp">
          <WhatsappSettings />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
