import { EDGE_MSG, formatSentAt, MAIL_MSG, type MailFilters, mailFiltersSchema, type SentEmail } from '@os/shared';
import { RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { EmailText } from '../../../components/ui/email-text';
import { Field } from '../../../components/ui/field';
import { DatePeriodFields, FilteredHistory } from '../../../components/ui/filter-actions';
import { Input, Select } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { RowActions } from '../../../components/ui/row-actions';
import { LoadingBlock } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { Tooltip } from '../../../components/ui/tooltip';
import { useAllClients } from '../../../lib/registers';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { useSentEmails } from '../api/get-sent-emails';
import { attachmentUrl, useResendMail } from '../api/resend-mail';

const NO_FILTERS: MailFilters = { nomeCliente: '', usuario: '', dataInicio: '', dataFinal: '' };

/** 'Enviado' green or 'Falha' red, the failure's reason in its tooltip. */
function StatusCell({ email }: { email: SentEmail }) {
  if (email.status === 'Enviado') return <Badge tone="green">Enviado</Badge>;
  return (
    <Tooltip content={email.erro ?? 'Falha'}>
      <button
        type="button"
        aria-label={`Falha: ${email.erro ?? ''}`}
        title={email.erro ?? undefined}
        className="cursor-help rounded-full focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <Badge tone="red">Falha</Badge>
      </button>
    </Tooltip>
  );
}

/** 'Ver Anexo' (or 'N/A') and, for a failed one, 'Reenviar': view before send, as on every list (docs/ui.md#row-actions). */
function AttachmentCell({ email }: { email: SentEmail }) {
  const message = useMessage();
  const resend = useResendMail();
  const retry = async () => {
    try {
      await resend.mutateAsync(email.id);
      await message.success(MAIL_MSG.sent);
    } catch (error) {
      console.error('Reenvio de e-mail falhou:', error);
      await message.error(MAIL_MSG.sendFailed);
    }
  };
  return (
    <span className="inline-flex items-center gap-1">
      {!email.anexoHash && 'N/A'}
      <RowActions
        align="end"
        actions={[
          !!email.anexoHash && {
            kind: 'view',
            label: 'Ver Anexo',
            text: true,
            href: attachmentUrl(email.id),
            target: '_blank',
            title: `Código de verificação: ${email.anexoHash}`,
          },
          email.status !== 'Enviado' && {
            kind: 'send',
            label: 'Reenviar',
            icon: <RotateCw className="size-4" />,
            variant: 'primary',
            loading: resend.isPending,
            onClick: () => void retry(),
          },
        ]}
      />
    </span>
  );
}

const COLUMNS: Column<SentEmail>[] = [
  { key: 'cliente', header: 'Nome do Cliente', cell: (e) => e.nomeCliente || '—' },
  { key: 'email', header: 'Email Destinatário', cell: (e) => <EmailText email={e.email} />, hideBelow: 'sm' },
  { key: 'usuario', header: 'Usuário', cell: (e) => e.usario, hideBelow: 'md' },
  {
    key: 'data',
    header: 'Data Envio',
    cell: (e) => <span className="whitespace-nowrap tabular-nums">{formatSentAt(e.data_envio)}</span>,
  },
  { key: 'assunto', header: 'Assunto', cell: (e) => e.subject, hideBelow: 'lg' },
  { key: 'status', header: 'Status', cell: (e) => <StatusCell email={e} /> },
  { key: 'anexo', header: 'Anexo', cell: (e) => <AttachmentCell email={e} /> },
];

/** 'Emails Enviados' (docs/screens.md#emails): count, filters, history. */
export function SentEmailsTab() {
  const clients = useAllClients();
  const { register, handleSubmit, reset } = useSchemaForm(mailFiltersSchema, NO_FILTERS);
  const [applied, setApplied] = useState<MailFilters>(NO_FILTERS);
  const emails = useSentEmails(applied);

  useEffect(() => {
    if (emails.error) toast.error(emails.error.message);
  }, [emails.error]);

  const rows = emails.data ?? [];

  return (
    <FilteredHistory
      id="emails-enviados"
      title={'Emails Enviados'}
      count={rows.length}
      onSubmit={handleSubmit(setApplied, (errors) => toast.error(firstError(errors) ?? EDGE_MSG.date))}
      onClear={() => {
        reset(NO_FILTERS);
        setApplied(NO_FILTERS);
      }}
      filters={
        <>
          <Field label="Cliente">
            {(control) => (
              <Select {...control} {...register('nomeCliente')}>
                <option value="">Todos</option>
                {clients.data?.map((c) => (
                  <option key={c.id} value={c.nome ?? c.razao}>
                    {c.nome ?? c.razao}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Usuário">{(control) => <Input {...control} {...register('usuario')} />}</Field>
          <DatePeriodFields start={register('dataInicio')} end={register('dataFinal')} />
        </>
      }
    >
      {emails.isLoading ? (
        <LoadingBlock text={MAIL_MSG.loading} />
      ) : (
        <Table
          columns={COLUMNS}
          rows={rows}
          rowKey={(e) => e.id}
          empty={MAIL_MSG.empty}
          caption="Emails Enviados"
          maxHeight="70vh"
        />
      )}
    </FilteredHistory>
  );
}
