import {
  BUSINESS_TIME_ZONE,
  padNumber,
  REQUEST_MSG,
  REQUEST_STATES,
  type RequestState,
  refuseRequestSchema,
  type ServiceRequest,
} from '@os/shared';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DetailLine } from '../../../components/ui/detail-line';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { FormModal } from '../../../components/ui/form-modal';
import { Textarea } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { Pagination, usePage } from '../../../components/ui/pagination';
import { LoadingBlock } from '../../../components/ui/spinner';
import { REQUEST_STATE_TONES, URGENCY_TONES } from '../../../components/ui/status-tones';
import { toast, useErrorToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useConvertRequest, useRefuseRequest, useRequestsPage } from '../api/requests';

const PAGE_SIZE = 10;
const FILTERS: { value: RequestState | ''; label: string }[] = [
  { value: 'Recebida', label: 'Novas' },
  ...REQUEST_STATES.filter((s) => s !== 'Recebida').map((s) => ({ value: s, label: `${s}s` })),
  { value: '', label: 'Todas' },
];

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

/**
 * /solicitacoes 'Solicitações de Atendimento' (docs/screens.md#solicitacoes): the clients' requests, newest first;
 * 'Gerar OS' makes the order and hands it to `onConverted` (the screen opens it for the rest), 'Recusar' asks the reason.
 */
export function RequestsPage({ onConverted }: { onConverted?: (os: { id: number; numero: number }) => void }) {
  const [situacao, setSituacao] = useState<RequestState | ''>('Recebida');
  const { page, setPage, pagination } = usePage(PAGE_SIZE);
  const list = useRequestsPage(situacao, page, PAGE_SIZE);
  const convert = useConvertRequest();
  const [refusing, setRefusing] = useState<ServiceRequest | null>(null);
  useErrorToast(list.error);

  const generate = async (r: ServiceRequest) => {
    try {
      const { os } = await convert.mutateAsync(r.id);
      toast.success(`OS ${padNumber(os.numero)} criada a partir da solicitação ${padNumber(r.id)}.`);
      onConverted?.(os);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  const items = list.data?.items ?? [];
  return (
    <section>
      <PageTitle
        title={REQUEST_MSG.officeTitle}
        documentTitle={REQUEST_MSG.menu}
        count={list.data ? `(${list.data.total})` : undefined}
      />
      <fieldset className="mb-4 flex flex-wrap gap-1">
        <legend className="sr-only">Situação</legend>
        {FILTERS.map((f) => (
          <Button
            key={f.label}
            size="sm"
            variant={situacao === f.value ? 'primary' : 'secondary'}
            aria-pressed={situacao === f.value}
            onClick={() => {
              setSituacao(f.value);
              setPage(1);
            }}
          >
            {f.label}
          </Button>
        ))}
      </fieldset>
      {list.isPending ? (
        <LoadingBlock />
      ) : items.length === 0 ? (
        <EmptyState title={REQUEST_MSG.empty} />
      ) : (
        <ul aria-label={REQUEST_MSG.officeTitle} className="flex flex-col gap-3">
          {items.map((r) => (
            <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900 dark:text-white">Solicitação {padNumber(r.id)}</span>
                <Badge tone={REQUEST_STATE_TONES[r.situacao]}>{r.status}</Badge>
                <Badge tone={URGENCY_TONES[r.urgencia]}>Urgência {r.urgencia}</Badge>
                <span className="text-sm text-slate-600 dark:text-slate-400">{when(r.criadaEm)}</span>
              </div>
              <dl className="mt-2 flex flex-col gap-0.5">
                <DetailLine label="Cliente" value={r.cliente} />
                <DetailLine label="Contato" value={[r.contato, r.fone, r.contatoEmail].filter(Boolean).join(' · ')} />
                <DetailLine label="Equipamento" value={r.equipamento} />
                <DetailLine label="Motivo" value={<span className="whitespace-pre-wrap">{r.motivo}</span>} />
                <DetailLine label="Motivo da recusa" value={r.motivoRecusa} />
              </dl>
              {r.fotoUrls.length > 0 && (
                <ul aria-label="Fotos" className="mt-2 flex flex-wrap gap-2">
                  {r.fotoUrls.map((url, i) => (
                    <li key={url}>
                      <a
                        href={url}
                        target="_blank"
                        rel="noopener"
                        className="block focus-visible:outline-2 focus-visible:outline-blue-600"
                      >
                        <img
                          src={url}
                          alt={`Foto ${i + 1} da solicitação ${padNumber(r.id)}`}
                          loading="lazy"
                          className="size-24 rounded border border-slate-200 object-cover dark:border-slate-700"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              {r.situacao === 'Recebida' && (
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button onClick={() => generate(r)} loading={convert.isPending && convert.variables === r.id}>
                    {REQUEST_MSG.generate}
                  </Button>
                  <Button variant="danger" onClick={() => setRefusing(r)}>
                    {REQUEST_MSG.refuse}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination className="mt-4" totalItems={list.data?.total ?? 0} {...pagination} />
      {refusing && <RefuseModal request={refusing} onClose={() => setRefusing(null)} />}
    </section>
  );
}

function RefuseModal({ request, onClose }: { request: ServiceRequest; onClose: () => void }) {
  const refuse = useRefuseRequest();
  const { register, handleSubmit, formState, setError, watch } = useSchemaForm(
    refuseRequestSchema,
    { motivo: '' },
    { reValidateMode: 'onSubmit' },
  );
  const submit = handleSubmit(async ({ motivo }) => {
    try {
      await refuse.mutateAsync({ id: request.id, motivo });
      toast.success(REQUEST_MSG.refused);
      onClose();
    } catch (err) {
      setError('motivo', { message: (err as Error).message });
    }
  });
  return (
    <FormModal
      open
      onClose={onClose}
      dirty={watch('motivo').trim() !== ''}
      saving={refuse.isPending}
      onSubmit={submit}
      title={`Recusar a solicitação ${padNumber(request.id)}`}
      formId="refuse-request"
      submitLabel={REQUEST_MSG.refuse}
      className={cn('flex flex-col gap-3')}
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">O contato recebe o motivo por e-mail.</p>
      <Field label="Motivo da recusa" required error={formState.errors.motivo?.message}>
        {(control) => <Textarea {...control} autoFocus rows={4} maxLength={1000} {...register('motivo')} />}
      </Field>
    </FormModal>
  );
}
