import {
  BUSINESS_TIME_ZONE,
  type PortalServiceRequest,
  padNumber,
  REQUEST_MSG,
  REQUEST_URGENCIES,
  type RequestUrgency,
  type ServiceRequestFields,
  type ServiceRequestFormValues,
  serviceRequestFormSchema,
} from '@os/shared';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Options, RowOptions, Select, Textarea } from '../../../components/ui/input';
import { useDocumentTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { REQUEST_STATE_TONES, URGENCY_TONES } from '../../../components/ui/status-tones';
import { toast } from '../../../components/ui/toast';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { ApiError } from '../../../lib/api';
import { useChosenWhenListed, useSchemaForm } from '../../../lib/use-schema-form';
import { useCreatePortalRequest, usePortalEquipment, usePortalRequests } from '../api/portal-requests';
import { portalEquipmentName } from './portal-equipment';
import { PortalGate } from './portal-home';
import { PORTAL_MUTED, PortalCard, PortalList, usePortalPage } from './portal-page';
import { type ChosenPhoto, RequestPhotosField } from './request-photos';

export function RequestStateBadge({ request }: { request: Pick<PortalServiceRequest, 'situacao' | 'status'> }) {
  return <Badge tone={REQUEST_STATE_TONES[request.situacao]}>{request.status}</Badge>;
}

export function UrgencyBadge({ urgencia }: { urgencia: RequestUrgency }) {
  return <Badge tone={URGENCY_TONES[urgencia]}>Urgência {urgencia}</Badge>;
}

/** /portal/solicitar 'Solicitar Atendimento' (docs/screens.md#portal). */
export function PortalRequestPage() {
  useDocumentTitle(REQUEST_MSG.portalTitle);
  return <PortalGate>{(me) => <PortalRequestForm contactName={me.nome} />}</PortalGate>;
}

type RequestField = keyof ServiceRequestFormValues;
const REQUEST_FIELDS: readonly string[] = ['equipamentoId', 'motivo', 'urgencia', 'contato', 'fone'] satisfies RequestField[];

/** The multipart body of POST /api/portal/solicitacoes (docs/api.md#portal): the checked fields, then the photos. */
function requestBody(fields: ServiceRequestFields, photos: ChosenPhoto[]) {
  const form = new FormData();
  if (fields.equipamentoId) form.append('equipamentoId', String(fields.equipamentoId));
  form.append('motivo', fields.motivo);
  form.append('urgencia', fields.urgencia);
  form.append('contato', fields.contato);
  form.append('fone', fields.fone);
  for (const { file } of photos) form.append('fotos', file, file.name);
  return form;
}

function PortalRequestForm({ contactName }: { contactName: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const equipment = usePortalEquipment();
  const create = useCreatePortalRequest();
  const form = useSchemaForm(
    serviceRequestFormSchema,
    { equipamentoId: params.get('equipamento') ?? '', motivo: '', urgencia: 'Média', contato: contactName, fone: '' },
    { reValidateMode: 'onSubmit' },
  );
  const { register, handleSubmit, formState, setError, clearErrors } = form;
  const { errors } = formState;
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  // The equipment asked for in the address ('Solicitar' on an equipment).
  useChosenWhenListed(form, 'equipamentoId', equipment.data);

  const submit = handleSubmit(async (fields) => {
    try {
      setProgress(photos.length ? 0 : null);
      await create.mutateAsync({ form: requestBody(fields, photos), onProgress: photos.length ? setProgress : undefined });
      toast.success(REQUEST_MSG.sent);
      navigate('/portal/solicitacoes');
    } catch (err) {
      const field = err instanceof ApiError ? err.field : undefined;
      const message = (err as Error).message;
      if (field && REQUEST_FIELDS.includes(field)) setError(field as RequestField, { message });
      else if (field === 'fotos') setError('root.fotos', { message });
      else toast.error(message);
    } finally {
      setProgress(null);
    }
  });

  const items = equipment.data ?? [];
  return (
    <section aria-labelledby="portal-request-title">
      <h1 id="portal-request-title" className="text-xl font-semibold text-slate-900 dark:text-white">
        {REQUEST_MSG.portalTitle}
      </h1>
      <p className={`mt-1 ${PORTAL_MUTED}`}>Conte o que está acontecendo. Responderemos por e-mail a cada mudança.</p>
      <form
        onSubmit={submit}
        noValidate
        className="mt-4 flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <Field label="Equipamento" error={errors.equipamentoId?.message} hint="Opcional: escolha a máquina, se souber.">
          {(control) => (
            <Select {...control} {...register('equipamentoId')}>
              <RowOptions rows={items} label={(e) => `${portalEquipmentName(e)} — ${e.numeroSerie}`} empty="Não sei / outro" />
            </Select>
          )}
        </Field>
        <Field label="Motivo" required error={errors.motivo?.message}>
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              maxLength={2000}
              placeholder="Descreva o problema ou o serviço desejado"
              {...register('motivo')}
            />
          )}
        </Field>
        <Field label="Urgência" error={errors.urgencia?.message}>
          {(control) => (
            <Select {...control} {...register('urgencia')}>
              <Options values={REQUEST_URGENCIES} />
            </Select>
          )}
        </Field>
        <Field label="Contato" error={errors.contato?.message}>
          {(control) => <Input {...control} autoComplete="name" maxLength={200} {...register('contato')} />}
        </Field>
        <Field label="Telefone" error={errors.fone?.message}>
          {(control) => <Input {...control} type="tel" inputMode="tel" autoComplete="tel" maxLength={40} {...register('fone')} />}
        </Field>
        <RequestPhotosField
          photos={photos}
          setPhotos={setPhotos}
          error={errors.root?.fotos?.message}
          onError={(message) => (message ? setError('root.fotos', { message }) : clearErrors('root.fotos'))}
        />
        {progress !== null && <UploadProgress percent={progress} label="Enviando fotos…" />}
        <Button type="submit" loading={create.isPending} className="w-full sm:w-auto sm:self-end">
          Enviar solicitação
        </Button>
      </form>
    </section>
  );
}

/** /portal/solicitacoes: the client's requests and their status (docs/screens.md#portal). */
export function PortalRequestsPage() {
  useDocumentTitle('Solicitações - Área do Cliente');
  return <PortalGate>{() => <PortalRequestList />}</PortalGate>;
}

function PortalRequestList() {
  const { loading, items, pagination } = usePortalPage(usePortalRequests);
  if (loading) return <LoadingBlock />;
  return (
    <PortalList
      id="portal-requests-title"
      title="Minhas solicitações"
      empty={
        <>
          {REQUEST_MSG.empty}{' '}
          <Link to="/portal/solicitar" className="text-blue-700 hover:underline dark:text-blue-300">
            {REQUEST_MSG.portalTitle}
          </Link>
        </>
      }
      items={items}
      pagination={pagination}
      card={(r) => (
        <PortalCard
          key={r.id}
          head={
            <>
              <span className="font-semibold text-slate-900 dark:text-white">Solicitação {padNumber(r.id)}</span>
              <RequestStateBadge request={r} />
              <UrgencyBadge urgencia={r.urgencia} />
            </>
          }
        >
          <p className={PORTAL_MUTED}>
            {new Date(r.criadaEm).toLocaleDateString('pt-BR', { timeZone: BUSINESS_TIME_ZONE })}
            {r.equipamento ? ` · ${r.equipamento}` : ''}
            {r.fotos ? ` · ${r.fotos} ${r.fotos === 1 ? 'foto' : 'fotos'}` : ''}
          </p>
          <p className="mt-1 whitespace-pre-wrap text-sm text-slate-900 dark:text-slate-100">{r.motivo}</p>
          {r.situacao === 'Recusada' && r.motivoRecusa && (
            <p className="mt-1 text-sm text-red-800 dark:text-red-200">Motivo da recusa: {r.motivoRecusa}</p>
          )}
        </PortalCard>
      )}
    />
  );
}
