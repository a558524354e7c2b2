import { type DashboardQuery, formatDate, padNumber } from '@os/shared';
import { Star } from 'lucide-react';
import { Table } from '../../../components/ui/table';
import { useRatingsSummary } from '../api/ratings';

const average = (value: number) => value.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The dashboard's 'Avaliação do atendimento' (docs/rules.md#portal): average and count per technician, the latest comments. */
export function RatingsPanel({ period }: { period: DashboardQuery }) {
  const ratings = useRatingsSummary(period);
  const data = ratings.data;
  if (!data) return null;
  return (
    <section
      aria-label="Avaliação do atendimento"
      className="mt-4 rounded-lg border border-slate-200 bg-white p-3 sm:p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">Avaliação do atendimento</h2>
      {data.tecnicos.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">Nenhuma avaliação dos clientes no período.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <Table
            caption="Avaliação média por técnico"
            rows={data.tecnicos}
            rowKey={(t) => t.tecnicoId ?? 0}
            columns={[
              { key: 'tecnico', header: 'Técnico', cell: (t) => t.tecnico },
              {
                key: 'media',
                header: 'Média',
                align: 'right',
                cell: (t) => (
                  <span className="inline-flex items-center gap-1">
                    <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
                    {average(t.media)}
                  </span>
                ),
              },
              { key: 'quantidade', header: 'Avaliações', align: 'right', cell: (t) => t.quantidade },
            ]}
          />
          <div>
            <h3 className="mb-1 text-xs font-medium text-slate-500 dark:text-slate-400">Últimos comentários</h3>
            {data.comentarios.length === 0 ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">Nenhum comentário.</p>
            ) : (
              <ul className="space-y-2 text-sm">
                {data.comentarios.map((c) => (
                  <li key={`${c.numero}-${c.em}`} className="rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                    <p className="text-slate-900 dark:text-white">“{c.comentario}”</p>
                    <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">
                      {c.nota}/5 · OS {padNumber(c.numero)} · {c.tecnico} · {c.contato} ({c.cliente}) · {formatDate(c.em)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
