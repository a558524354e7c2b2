import type { UserWhatsapp } from '@os/shared';
import { Button } from '../../../components/ui/button';
import { Callout } from '../../../components/ui/callout';
import { WhatsappInput } from '../../../components/ui/input';
import { LoadingBlock } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { ConsentBox, useWhatsappConsent } from '../../../components/ui/whatsapp-consent';
import { useSaveUserWhatsapp, useUserWhatsapp, useWhatsappSettings } from '../api/whatsapp';

const EVENT_NAMES: Record<string, string> = {
  agendamento: 'Visita agendada ou remarcada',
  a_caminho: 'Técnico a caminho',
  concluida: 'OS concluída',
  aprovacao: 'Aprovação da OS',
  orcamento: 'Orçamento enviado',
  cobranca: 'Cobrança PIX',
};

/** One staff member's number and consent, saved on its own. */
function UserRow({ user }: { user: UserWhatsapp }) {
  const save = useSaveUserWhatsapp();
  const { whatsapp, setWhatsapp, aceita, setAceita, error, onSubmit } = useWhatsappConsent(user, async (value) => {
    await save.mutateAsync({ id: user.id, ...value });
    toast.success('WhatsApp salvo.');
  });
  const name = user.nome || user.username;
  return (
    <form className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_12rem_auto_auto] sm:items-center" onSubmit={onSubmit}>
      <span className="min-w-0 font-medium text-slate-900 dark:text-white">
        {name} <span className="text-sm font-normal text-slate-500 dark:text-slate-400">({user.role})</span>
      </span>
      <WhatsappInput
        aria-label={`WhatsApp de ${name}`}
        value={whatsapp}
        onChange={(e) => setWhatsapp(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <ConsentBox checked={aceita} onChange={setAceita}>
        Aceita WhatsApp
      </ConsentBox>
      <Button type="submit" variant="secondary" loading={save.isPending}>
        Salvar
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-4 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}

type TemplateRow = { id: number; evento: string; modelo: string; parametros: string[] };

const TEMPLATE_COLUMNS: Column<TemplateRow>[] = [
  { key: 'evento', header: 'Momento', cell: (r) => EVENT_NAMES[r.evento] ?? r.evento },
  {
    key: 'modelo',
    header: 'Modelo (template)',
    cell: (r) => <code className="break-all">{r.modelo || '— não definido —'}</code>,
  },
  {
    key: 'parametros',
    header: 'Parâmetros',
    cell: (r) => r.parametros.map((p, i) => `{{${i + 1}}} ${p}`).join(', '),
    hideBelow: 'md',
  },
];

/** The 'WhatsApp' tab: what the settings say (the README names them) and the staff's numbers and consent. */
export function WhatsappSettings() {
  const settings = useWhatsappSettings();
  const users = useUserWhatsapp();
  if (settings.isPending) return <LoadingBlock />;
  const view = settings.data;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="whatsapp-provedor">
        <h2 id="whatsapp-provedor" className="mb-2 text-lg font-semibold text-slate-900 dark:text-white">
          Provedor
        </h2>
        {!view?.provedor ? (
          <Callout tone="warning">
            O WhatsApp não está configurado: nenhuma mensagem é enviada por WhatsApp e os e-mails seguem como antes. Defina
            WHATSAPP_PROVIDER (meta ou evolution) e as configurações do provedor (README).
          </Callout>
        ) : (
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-slate-700 dark:text-slate-300">Provedor</dt>
            <dd>{view.provedor === 'meta' ? 'WhatsApp Cloud API (Meta)' : 'Evolution API'}</dd>
            <dt className="font-medium text-slate-700 dark:text-slate-300">Endereço</dt>
            <dd className="break-all">{view.endereco}</dd>
            <dt className="font-medium text-slate-700 dark:text-slate-300">Webhook</dt>
            <dd className="break-all">{view.webhook}</dd>
            <dt className="font-medium text-slate-700 dark:text-slate-300">Idioma dos modelos</dt>
            <dd>{view.idioma}</dd>
            <dt className="font-medium text-slate-700 dark:text-slate-300">Aviso de agendamento</dt>
            <dd>{view.avisoMinutos ? `após ${view.avisoMinutos} min sem mudanças` : 'na hora'}</dd>
          </dl>
        )}
      </section>
      {view && (
        <section aria-labelledby="whatsapp-modelos">
          <h2 id="whatsapp-modelos" className="mb-2 text-lg font-semibold text-slate-900 dark:text-white">
            Modelos
          </h2>
          <Table
            columns={TEMPLATE_COLUMNS}
            rows={view.modelos.map((m, id) => ({ id, ...m }))}
            rowKey={(r) => r.id}
            caption="Modelos de mensagem"
            empty="Nenhum modelo."
          />
        </section>
      )}
      <section aria-labelledby="whatsapp-equipe">
        <h2 id="whatsapp-equipe" className="mb-2 text-lg font-semibold text-slate-900 dark:text-white">
          WhatsApp da equipe
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
          O técnico recebe os agendamentos por WhatsApp quando aceita. Os contatos dos clientes são cadastrados na ficha do
          cliente e escolhem na Área do Cliente.
        </p>
        {users.isPending ? (
          <LoadingBlock />
        ) : (
          <div className="flex flex-col gap-3">
            {users.data?.map((u) => (
              <UserRow key={u.id} user={u} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
