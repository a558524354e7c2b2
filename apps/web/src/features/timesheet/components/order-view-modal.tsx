import {
  type Descricao,
  descricaoRowFormSchema,
  endDateLabel,
  FIELD_MSG,
  formatDate,
  formatMinutes,
  type Lancamento,
  padNumber,
  parseDecimal,
  type Servico,
  type ServicoRowFormValues,
  servicoMinutes,
  servicoRowFormSchema,
} from '@os/shared';
import type { ReactNode } from 'react';
import { PendingEntries } from '../../../components/offline/pending-entries';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { InfoGrid } from '../../../components/ui/info-grid';
import { Modal } from '../../../components/ui/modal';
import { LoadingBlock } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useOutbox } from '../../../lib/offline/use-offline';
import {
  useAssinatura,
  useDescricoes,
  useServicos,
  useUpdateDescricao,
  useUpdateServico,
  useViagensIda,
  useViagensVolta,
} from '../api/records';
import { CellTable, EditableRow } from './editable-row';
import { useExpenseSlots } from './expense-slots';
import { FullTimesheet, hoursAsClock, NoRecords, OutboundTable, ReturnTable } from './order-view-trips';

/** 'Ordem de Serviço' (docs/screens.md#order-card-modals): the order's full record; rows edit inline. */
export function OrderViewModal({ order, onClose }: { order: Lancamento | null; onClose: () => void }) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Ordem de Serviço" size="xl">
      {order ? <OrderRecord order={order} /> : <EmptyState title={FIELD_MSG.noOrderSelected} />}
    </Modal>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-200">{title}</h3>
      {children}
    </section>
  );
}

function OrderRecord({ order }: { order: Lancamento }) {
  const {
    Section: OrderExpensesSection,
    Equipment: EquipmentSection,
    ChecklistSection,
    MaterialsSection,
    ClientPhotos,
  } = useExpenseSlots();
  // The four GETs of docs/api.md#timesheet (and the return trips and signature) run in parallel.
  const ida = useViagensIda(order.id);
  const servicos = useServicos(order.id);
  const descricoes = useDescricoes(order.id);
  const volta = useViagensVolta(order.id);
  const assinatura = useAssinatura(order.id);
  const editable = order.status !== 'Fechado';
  const queries = [ida, servicos, descricoes, volta, assinatura];

  const info: [string, ReactNode][] = [
    ['Número', padNumber(order.numero)],
    ['Cliente', order.cliente],
    ['Status', <StatusBadge key="s" status={order.status} variant="card" />],
    ['Data', formatDate(order.data)],
    ['Término', endDateLabel(order, formatDate)],
    ['Responsável', order.responsavel],
    ['Cidade', order.cidade],
    ['Equipamento', order.equipamento],
    ['Nr Peça', order.nr_peca],
    ['Nr Serie', order.nr_serie],
    ['Engenheiro', order.engenheiroNome || order.engenheiro || '—'],
    ['Motivo', order.motivo],
  ];

  const pending = useOutbox().filter((e) => e.orderId === order.id);

  return (
    <div className="flex flex-col gap-6">
      {pending.length > 0 && <PendingEntries entries={pending} />}
      <InfoGrid items={info} />
      {order.equipamentoId && EquipmentSection && <EquipmentSection id={order.equipamentoId} />}
      {ClientPhotos && <ClientPhotos orderId={order.id} />}

      {queries.some((q) => q.isPending) ? (
        <LoadingBlock />
      ) : queries.some((q) => q.isError) ? (
        <ErrorAlert>{FIELD_MSG.loadFailed}</ErrorAlert>
      ) : (
        <>
          <Section title="Dados de Tempo">
            <OutboundTable trips={ida.data ?? []} />
            <ServiceTable orderId={order.id} entries={servicos.data ?? []} editable={editable} />
            <ReturnTable trips={volta.data ?? []} />
            <FullTimesheet ida={ida.data ?? []} servicos={servicos.data ?? []} volta={volta.data ?? []} />
          </Section>
          <Section title="Descrição dos Serviços">
            <DescriptionTable orderId={order.id} rows={descricoes.data ?? []} editable={editable} />
          </Section>
          {ChecklistSection && (
            <Section title="Checklist">
              <ChecklistSection orderId={order.id} />
            </Section>
          )}
          {MaterialsSection && (
            <Section title="Materiais">
              <MaterialsSection orderId={order.id} editable={editable} />
            </Section>
          )}
          <Section title="Despesas">
            <OrderExpensesSection orderId={order.id} editable={editable} />
          </Section>
          <Section title="Assinatura">
            {assinatura.data?.imagem ? (
              <figure className="flex flex-col gap-1">
                <img
                  src={`/uploads/${assinatura.data.imagem}`}
                  alt="Assinatura do cliente"
                  className="w-full max-w-md rounded border border-slate-200 bg-white dark:border-slate-700"
                />
                <figcaption className="text-sm text-slate-600 dark:text-slate-300">
                  {assinatura.data.nome}
                  {assinatura.data.signed_at &&
                    ` · ${new Date(assinatura.data.signed_at).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' })}`}
                </figcaption>
              </figure>
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">Sem assinatura.</p>
            )}
          </Section>
        </>
      )}
    </div>
  );
}

/** 'Nenhum registro.' across a CellTable (one block line on a phone). */
function ServiceTable({ orderId, entries, editable }: { orderId: number; entries: Servico[]; editable: boolean }) {
  const update = useUpdateServico(orderId);
  return (
    <div className="flex flex-col gap-1">
      <CellTable caption="Serviços" headers={['Data', 'Feriado', 'Entrada', 'Saída', 'Intervalo', 'Duração']}>
        {entries.length === 0 && <NoRecords columns={7} />}
        {entries.map((s) => (
          <EditableRow
            key={s.id}
            schema={servicoRowFormSchema}
            label={`Editar serviço de ${formatDate(s.dataservico)}`}
            editable={editable}
            values={{
              dataservico: s.dataservico,
              feriado: s.feriado,
              entradaservico: s.entradaservico,
              saidaservico: s.saidaservico,
              intervalo: String(s.intervalo),
            }}
            save={(input) => update.mutateAsync({ id: s.id, input })}
            view={(v) => [
              formatDate(v.dataservico),
              v.feriado === 'sim' ? 'Sim' : 'Não',
              v.entradaservico,
              v.saidaservico,
              hoursAsClock(parseDecimal(v.intervalo) ?? 0),
              serviceClock(v),
            ]}
            edit={({ draft, register, input }) => [
              input('dataservico', 'Data', { type: 'date' }),
              <select
                key="f"
                aria-label="Feriado"
                {...register('feriado')}
                className="h-9 rounded border border-slate-300 bg-white px-1 text-sm max-sm:h-11 dark:border-slate-600 dark:bg-slate-900"
              >
                <option value="nao">Não</option>
                <option value="sim">Sim</option>
              </select>,
              input('entradaservico', 'Entrada', { type: 'time' }),
              input('saidaservico', 'Saída', { type: 'time' }),
              input('intervalo', 'Intervalo', { type: 'number', step: '0.01', min: '0', inputMode: 'decimal' }),
              <span key="du" className="tabular-nums">
                {serviceClock(draft)}
              </span>,
            ]}
          />
        ))}
      </CellTable>
    </div>
  );
}

/** The service duration shown live while a row is edited: the same shared function the server uses. */
function serviceClock(d: ServicoRowFormValues): string {
  return formatMinutes(servicoMinutes(d));
}

function DescriptionTable({ orderId, rows, editable }: { orderId: number; rows: Descricao[]; editable: boolean }) {
  const update = useUpdateDescricao(orderId);
  return (
    <CellTable caption="Descrição dos Serviços" headers={['Data', 'Descrição', 'Imagem']}>
      {rows.length === 0 && <NoRecords columns={4} />}
      {rows.map((r) => (
        <EditableRow
          key={r.id}
          schema={descricaoRowFormSchema}
          label={`Editar descrição de ${formatDate(r.data)}`}
          editable={editable}
          values={{ data: r.data, descricao: r.descricao }}
          save={(input) => update.mutateAsync({ id: r.id, input })}
          view={(v) => [
            formatDate(v.data),
            <span key="t" className="whitespace-pre-wrap">
              {v.descricao}
            </span>,
            <Photo key="p" imagem={r.imagem} />,
          ]}
          edit={({ input }) => [
            input('data', 'Data', { type: 'date' }),
            input('descricao', 'Descrição'),
            <Photo key="p" imagem={r.imagem} />,
          ]}
        />
      ))}
    </CellTable>
  );
}

function Photo({ imagem }: { imagem: string | null }) {
  if (!imagem) return <span className="text-slate-400">—</span>;
  return (
    <a href={`/uploads/${imagem}`} target="_blank" rel="noreferrer" aria-label="Abrir foto">
      <img src={`/uploads/${imagem}`} alt="Foto da atividade" loading="lazy" className="h-12 w-16 rounded object-cover" />
    </a>
  );
}
