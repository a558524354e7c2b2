import {
  type Descricao,
  endDateLabel,
  FIELD_MSG,
  formatDate,
  formatKm,
  formatMinutes,
  hoursToMinutes,
  type Lancamento,
  padNumber,
  parseDecimal,
  type Servico,
  servicoMinutes,
  type ViagemIda,
  type ViagemVolta,
} from '@os/shared';
import type { ReactNode } from 'react';
import { PendingEntries } from '../../../components/offline/offline-bar';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { InfoGrid } from '../../../components/ui/info-grid';
import { Modal } from '../../../components/ui/modal';
import { LoadingBlock } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { PHONE_CARD_CELL, PHONE_CARD_ROW } from '../../../components/ui/table';
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
import { CellTable, draftInput, EditableRow } from './editable-row';
import { useExpenseSlots } from './expense-slots';

/** Decimal hours (1.5) shown as HH:mm (docs/rules.md#api-conventions). */
const hoursAsClock = (hours: number) => formatMinutes(hoursToMinutes(hours));

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
function NoRecords({ columns }: { columns: number }) {
  return (
    <tr className="max-sm:block">
      <td colSpan={columns} className="px-2 py-3 text-center text-slate-500 max-sm:block dark:text-slate-400">
        Nenhum registro.
      </td>
    </tr>
  );
}

function SimpleTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: ReactNode[][] }) {
  return (
    <CellTable caption={caption} headers={headers} readOnly>
      {rows.length === 0 ? (
        <NoRecords columns={headers.length} />
      ) : (
        rows.map((cells, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows in server order
          <tr key={r} className={PHONE_CARD_ROW}>
            {cells.map((cell, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: positional cells
              <td key={c} data-label={headers[c]} className={`px-2 py-1.5 tabular-nums ${PHONE_CARD_CELL}`}>
                {cell}
              </td>
            ))}
          </tr>
        ))
      )}
    </CellTable>
  );
}

function OutboundTable({ trips }: { trips: ViagemIda[] }) {
  return (
    <SimpleTable
      caption="Viagem Ida"
      headers={['Data', 'Saída', 'Chegada', 'Duração', 'Km', 'Obs']}
      rows={trips.map((t) => [formatDate(t.dataida), t.saidaida, t.chegadaida, t.duracaoida, formatKm(t.kmida), t.obsida])}
    />
  );
}

function ReturnTable({ trips }: { trips: ViagemVolta[] }) {
  return (
    <SimpleTable
      caption="Viagem Volta"
      headers={['Data', 'Saída', 'Chegada', 'Espera', 'Duração', 'Km', 'Obs']}
      rows={trips.map((t) => [
        formatDate(t.datavolta),
        t.saidavolta,
        t.chegadavolta,
        t.tempoEspera,
        t.duracaovolta,
        formatKm(t.kmvolta),
        t.obsvolta,
      ])}
    />
  );
}

type ServiceDraft = {
  dataservico: string;
  feriado: 'sim' | 'nao';
  entradaservico: string;
  saidaservico: string;
  intervalo: string;
};

function ServiceTable({ orderId, entries, editable }: { orderId: number; entries: Servico[]; editable: boolean }) {
  const update = useUpdateServico(orderId);
  return (
    <div className="flex flex-col gap-1">
      <CellTable caption="Serviços" headers={['Data', 'Feriado', 'Entrada', 'Saída', 'Intervalo', 'Duração']}>
        {entries.length === 0 && <NoRecords columns={7} />}
        {entries.map((s) => (
          <EditableRow<ServiceDraft>
            key={s.id}
            label={`Editar serviço de ${formatDate(s.dataservico)}`}
            editable={editable}
            values={{
              dataservico: s.dataservico,
              feriado: s.feriado,
              entradaservico: s.entradaservico,
              saidaservico: s.saidaservico,
              intervalo: String(s.intervalo),
            }}
            save={(d) => update.mutateAsync({ id: s.id, input: { ...d, intervalo: parseDecimal(d.intervalo) ?? 0 } })}
            view={(v) => [
              formatDate(v.dataservico),
              v.feriado === 'sim' ? 'Sim' : 'Não',
              v.entradaservico,
              v.saidaservico,
              hoursAsClock(parseDecimal(v.intervalo) ?? 0),
              serviceClock(v),
            ]}
            edit={(d, set) => {
              const input = draftInput(d, set);
              return [
                input('dataservico', 'Data', { type: 'date' }),
                <select
                  key="f"
                  aria-label="Feriado"
                  value={d.feriado}
                  onChange={(e) => set({ feriado: e.target.value as 'sim' | 'nao' })}
                  className="h-9 rounded border border-slate-300 bg-white px-1 text-sm max-sm:h-11 dark:border-slate-600 dark:bg-slate-900"
                >
                  <option value="nao">Não</option>
                  <option value="sim">Sim</option>
                </select>,
                input('entradaservico', 'Entrada', { type: 'time' }),
                input('saidaservico', 'Saída', { type: 'time' }),
                input('intervalo', 'Intervalo', { type: 'number', step: '0.01', min: '0', inputMode: 'decimal' }),
                <span key="du" className="tabular-nums">
                  {serviceClock(d)}
                </span>,
              ];
            }}
          />
        ))}
      </CellTable>
    </div>
  );
}

/** The service duration shown live while a row is edited: the same shared function the server uses. */
function serviceClock(d: ServiceDraft): string {
  return formatMinutes(servicoMinutes(d));
}

function DescriptionTable({ orderId, rows, editable }: { orderId: number; rows: Descricao[]; editable: boolean }) {
  const update = useUpdateDescricao(orderId);
  return (
    <CellTable caption="Descrição dos Serviços" headers={['Data', 'Descrição', 'Imagem']}>
      {rows.length === 0 && <NoRecords columns={4} />}
      {rows.map((r) => (
        <EditableRow<{ data: string; descricao: string }>
          key={r.id}
          label={`Editar descrição de ${formatDate(r.data)}`}
          editable={editable}
          values={{ data: r.data, descricao: r.descricao }}
          save={(d) => update.mutateAsync({ id: r.id, input: d })}
          view={(v) => [
            formatDate(v.data),
            <span key="t" className="whitespace-pre-wrap">
              {v.descricao}
            </span>,
            <Photo key="p" imagem={r.imagem} />,
          ]}
          edit={(d, set) => {
            const input = draftInput(d, set);
            return [
              input('data', 'Data', { type: 'date' }),
              input('descricao', 'Descrição'),
              <Photo key="p" imagem={r.imagem} />,
            ];
          }}
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

/**
 * One titled group of a day's card per record; a kind with no record that day still shows its
 * fields with '—', and several records of a kind on one day are numbered ('Serviço 1', 'Serviço 2').
 */
function groupsOf<T>(title: string, records: T[], fields: (r: T | undefined) => [string, string][]) {
  if (records.length === 0) return [{ title, fields: fields(undefined) }];
  return records.map((r, n) => ({ title: records.length > 1 ? `${title} ${n + 1}` : title, fields: fields(r) }));
}

/** docs/rules.md#entities 'Full timesheet record': one card per day combining every outbound trip, service entry and return trip. */
function FullTimesheet({ ida, servicos, volta }: { ida: ViagemIda[]; servicos: Servico[]; volta: ViagemVolta[] }) {
  const days = [
    ...new Set([...ida.map((t) => t.dataida), ...servicos.map((s) => s.dataservico), ...volta.map((t) => t.datavolta)]),
  ].sort();
  if (days.length === 0) return null;
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {days.map((data) => {
        const groups = [
          ...groupsOf(
            'Viagem Ida',
            ida.filter((t) => t.dataida === data),
            (i) => [
              ['Saída', i?.saidaida ?? '—'],
              ['Chegada', i?.chegadaida ?? '—'],
              ['Duração', i?.duracaoida ?? '—'],
              ['Km', i ? formatKm(i.kmida) : '—'],
            ],
          ),
          ...groupsOf(
            'Serviço',
            servicos.filter((e) => e.dataservico === data),
            (s) => [
              ['Feriado', s ? (s.feriado === 'sim' ? 'Sim' : 'Não') : '—'],
              ['Entrada', s?.entradaservico ?? '—'],
              ['Saída', s?.saidaservico ?? '—'],
              ['Intervalo', s ? hoursAsClock(s.intervalo) : '—'],
              ['Duração', s ? hoursAsClock(s.duracaoservico) : '—'],
            ],
          ),
          ...groupsOf(
            'Viagem Volta',
            volta.filter((t) => t.datavolta === data),
            (v) => [
              ['Saída', v?.saidavolta ?? '—'],
              ['Chegada', v?.chegadavolta ?? '—'],
              ['Tempo de espera', v?.tempoEspera ?? '—'],
              ['Duração', v?.duracaovolta ?? '—'],
              ['Km', v ? formatKm(v.kmvolta) : '—'],
            ],
          ),
        ];
        return (
          <article
            key={data}
            aria-label={`Registro completo ${formatDate(data)}`}
            className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <h4 className="mb-2 text-sm font-semibold">{formatDate(data)}</h4>
            <div className="flex flex-col gap-2">
              {groups.map((group) => (
                <div key={group.title}>
                  <h5 className="mb-0.5 text-xs font-semibold text-slate-600 dark:text-slate-300">{group.title}</h5>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
                    {group.fields.map(([label, value]) => (
                      <div key={label} className="flex justify-between gap-2">
                        <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
                        <dd className="font-medium tabular-nums">{value}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              ))}
            </div>
          </article>
        );
      })}
    </div>
  );
}
