import { MAIL_MSG } from '@os/shared';
import { Tabs } from 'radix-ui';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { type MailPrefill, SendMailForm } from './send-mail-form';
import { SentEmailsTab } from './sent-emails-tab';

type Tab = 'enviar' | 'enviados';

const TRIGGER =
  'min-h-11 border-b-2 border-transparent px-4 text-sm font-medium text-slate-600 hover:text-slate-900 ' +
  'data-[state=active]:border-blue-700 data-[state=active]:text-blue-800 dark:text-slate-300 dark:hover:text-white ' +
  'dark:data-[state=active]:border-blue-400 dark:data-[state=active]:text-blue-300';

/** The order an order row's 'Enviar por e-mail' opened /emails for: `?os=<number>&cliente=<client id>`. */
function usePrefill(): MailPrefill | undefined {
  const [params] = useSearchParams();
  const numero = params.get('os') ?? '';
  const clientId = params.get('cliente') ?? '';
  return useMemo(
    () => (/^\d{1,9}$/.test(numero) && /^\d{1,9}$/.test(clientId) ? { numero, clientId } : undefined),
    [numero, clientId],
  );
}

/** /emails 'Sistema de Envio de Emails' (docs/screens.md#emails): send a document, review what went out. */
export function MailPage() {
  const prefill = usePrefill();
  const [tab, setTab] = useState<Tab>('enviar');
  // Selecting the sent tab reloads the history (docs/rules.md#states): a new key remounts it.
  const [visit, setVisit] = useState(0);

  const open = (next: Tab) => {
    if (next === 'enviados') setVisit((v) => v + 1);
    setTab(next);
  };

  return (
    <div>
      <PageTitle title={MAIL_MSG.title} documentTitle="Email" />
      <Tabs.Root value={tab} onValueChange={(v) => open(v as Tab)}>
        <Tabs.List aria-label={MAIL_MSG.title} className="mb-4 flex border-b border-slate-200 dark:border-slate-700">
          <Tabs.Trigger value="enviar" className={TRIGGER}>
            Enviar Email
          </Tabs.Trigger>
          <Tabs.Trigger value="enviados" className={TRIGGER}>
            Emails Enviados
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="enviar" forceMount hidden={tab !== 'enviar'}>
          <SendMailForm onOrderSent={() => open('enviados')} prefill={prefill} />
        </Tabs.Content>
        <Tabs.Content value="enviados">
          <SentEmailsTab key={visit} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
