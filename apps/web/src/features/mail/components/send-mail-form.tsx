import { DOC_TYPES, MAIL_MSG, type MailFormInput, mailFormSchema } from '@os/shared';
import { Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Options, RowOptions, Select, Textarea } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useAllClients } from '../../../lib/registers';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSendMail } from '../api/send-mail';

const blank = (nome: string): MailFormInput => ({
  nome,
  cliente: '',
  email: '',
  mensagem: '',
  numeroOS_Fechamento: '',
  tipoDocumento: 'Ordem de Serviço',
});

/** An order's e-mail asked for from its row: the order's number and client (docs/screens.md#emails). */
export interface MailPrefill {
  numero: string;
  clientId: string;
}

/**
 * 'Enviar Email' (docs/screens.md#emails, docs/rules.md#states, docs/rules.md#validation): every field required, one send at a time.
 * Opened from an order row, it starts filled with the client, its e-mail, the number and 'Ordem de Serviço'.
 */
export function SendMailForm({ onOrderSent, prefill }: { onOrderSent: () => void; prefill?: MailPrefill }) {
  const { user } = useAuth();
  // The sender's name starts as the user's full name (docs/rules.md#daily-use).
  const username = user?.nome_completo || user?.username || '';
  const message = useMessage();
  const clients = useAllClients();
  const send = useSendMail();
  const [clientId, setClientId] = useState('');
  const sending = useRef(false);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setFocus,
    formState: { errors },
  } = useSchemaForm(mailFormSchema, blank(username));

  useEffect(() => {
    if (clients.error) toast.error(clients.error.message);
  }, [clients.error]);

  const chooseClient = (id: string) => {
    setClientId(id);
    const client = clients.data?.find((c) => String(c.id) === id);
    // Choosing a client fills the recipient and the client name (docs/rules.md#states).
    setValue('cliente', client ? (client.nome ?? client.razao) : '', { shouldValidate: !!client });
    setValue('email', client?.email ?? '', { shouldValidate: !!client?.email });
  };

  // Once the clients are loaded, an order's prefill chooses its client (which fills the e-mail) and the number.
  const prefilled = useRef<MailPrefill | undefined>(undefined);
  useEffect(() => {
    if (!prefill || !clients.data || prefilled.current === prefill) return;
    prefilled.current = prefill;
    chooseClient(prefill.clientId);
    setValue('numeroOS_Fechamento', prefill.numero, { shouldValidate: true });
    setValue('tipoDocumento', 'Ordem de Serviço');
    setFocus('mensagem');
  });

  const onSubmit = handleSubmit(async (input) => {
    if (sending.current) return; // docs/rules.md#states: a flag blocks double submission
    sending.current = true;
    try {
      await send.mutateAsync({ ...input, clientId: clientId ? Number(clientId) : undefined });
      await message.success(MAIL_MSG.sent);
      reset(blank(username));
      setClientId('');
      if (input.tipoDocumento === 'Ordem de Serviço') onOrderSent();
    } catch (error) {
      console.error('Envio de e-mail falhou:', error);
      const detail = error instanceof ApiError && error.message !== MAIL_MSG.sendFailed ? error.message : null;
      await message.error(
        <>
          <p>{MAIL_MSG.sendFailed}</p>
          {detail && <p className="mt-2 text-sm">{detail}</p>}
        </>,
      );
    } finally {
      sending.current = false;
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid max-w-3xl gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 dark:border-slate-700 dark:bg-slate-900"
    >
      <Field label="Nome" required error={errors.nome?.message}>
        {(control) => <Input {...control} {...register('nome')} autoComplete="name" />}
      </Field>
      <Field label="Cliente" required error={errors.cliente?.message}>
        {(control) => (
          <Select {...control} value={clientId} onChange={(e) => chooseClient(e.target.value)} disabled={clients.isLoading}>
            <RowOptions
              rows={clients.data}
              label={(c) => c.nome ?? c.razao}
              empty={clients.isLoading ? 'Carregando...' : 'Selecione o cliente'}
            />
          </Select>
        )}
      </Field>
      <Field label="Email do Destinatário" required error={errors.email?.message} className="sm:col-span-2">
        {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
      </Field>
      <Field label="Mensagem" required error={errors.mensagem?.message} className="sm:col-span-2">
        {(control) => <Textarea {...control} {...register('mensagem')} rows={5} />}
      </Field>
      <Field label="Numero da OS ou Fechamento" required error={errors.numeroOS_Fechamento?.message}>
        {(control) => <Input {...control} {...register('numeroOS_Fechamento')} inputMode="numeric" />}
      </Field>
      <Field label="Tipo Documento" required error={errors.tipoDocumento?.message}>
        {(control) => (
          <Select {...control} {...register('tipoDocumento')}>
            <Options values={DOC_TYPES} />
          </Select>
        )}
      </Field>
      <div className="sm:col-span-2">
        <Button
          type="submit"
          loading={send.isPending}
          icon={<Send className="size-4" aria-hidden="true" />}
          className="max-sm:w-full"
        >
          Enviar Email
        </Button>
      </div>
    </form>
  );
}
