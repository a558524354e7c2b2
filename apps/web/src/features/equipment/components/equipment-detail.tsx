import { type Equipment, equipmentName, formatDate, type OrderStatus, padNumber } from '@os/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useErrorToast } from '../../../components/ui/toast';
import { useEquipment, useEquipmentHistory } from '../api/equipment';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-sm text-slate-900 dark:text-slate-100">{children || '—'}</dd>
    </div>
  );
}

/**
 * docs/screens.md#equipamentos-id: the equipment's data and its service history (orders newest first,
 * their descriptions and photos). `actions(equipment)` adds the screen's buttons ('Nova OS').
 */
export function EquipmentDetail({ id, actions }: { id: number; actions?: (equipment: Equipment) => ReactNode }) {
  const equipment = useEquipment(id);
  const history = useEquipmentHistory(id);
  useErrorToast(equipment.error ?? history.error);
  if (equipment.isPending) return <LoadingBlock text="Carregando equipamento..." />;
  const e = equipment.data;
  if (!e) return <EmptyState title="Equipamento não encontrado" className="py-4" />;
  return (
    <section>
      <PageTitle title={equipmentName(e)} documentTitle="Equipamento" actions={actions?.(e)} />
      <p className="mb-4 text-sm">
        <Link to="/equipamentos" className="text-blue-700 hover:underline dark:text-blue-300">
          Voltar para Equipamentos
        </Link>
      </p>
      <dl className="mb-6 grid grid-cols-1 gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-3 dark:border-slate-700">
        <Item label="Cliente">{e.cliente}</Item>
        <Item label="Número de série">{e.numeroSerie}</Item>
        <Item label="Local">{e.local}</Item>
        <Item label="Data de instalação">{formatDate(e.dataInstalacao)}</Item>
        <Item label="Periodicidade">{e.periodicidadeMeses ? `${e.periodicidadeMeses} meses` : 'Sem plano'}</Item>
        <Item label="Próxima manutenção">{formatDate(e.proximaManutencao)}</Item>
        <Item label="Situação">{e.ativo ? 'Ativo' : 'Inativo'}</Item>
        <Item label="Observações">{e.obs}</Item>
      </dl>
      <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-100">Histórico de atendimentos</h2>
      {history.isPending ? (
        <LoadingBlock />
      ) : !history.data?.length ? (
        <EmptyState title="Nenhuma OS registrada para este equipamento." className="py-4" />
      ) : (
        <ol aria-label="Histórico de atendimentos" className="flex flex-col gap-3">
          {history.data.map((h) => (
            <li key={h.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">OS {padNumber(h.numero)}</span>
                <StatusBadge status={h.status as OrderStatus} />
                <span className="text-sm text-slate-600 dark:text-slate-300">
                  {formatDate(h.data)}
                  {h.endDate ? ` a ${formatDate(h.endDate)}` : ''}
                  {h.engenheiroNome ? ` · ${h.engenheiroNome}` : ''}
                </span>
              </div>
              {h.motivo && <p className="mt-1 text-sm">{h.motivo}</p>}
              {h.descricoes.length > 0 && (
                <ul className="mt-2 flex flex-col gap-2 border-t border-slate-100 pt-2 dark:border-slate-800">
                  {h.descricoes.map((d) => (
                    <li key={d.id} className="text-sm">
                      <span className="text-slate-500 dark:text-slate-400">{formatDate(d.data)}: </span>
                      {d.descricao}
                      {d.imagem && (
                        <img
                          src={`/uploads/${d.imagem}`}
                          alt={`Foto de ${formatDate(d.data)}`}
                          loading="lazy"
                          className="mt-1 max-h-48 rounded border border-slate-200 dark:border-slate-700"
                        />
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
