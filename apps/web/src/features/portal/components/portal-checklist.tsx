import { formatRange, type OrderChecklist } from '@os/shared';
import { cn } from '../../../lib/cn';
import { ServicePhoto } from './service-photo';

/** The order's checklist as the client sees it (docs/rules.md#checklists): values, ranges, results, notes and photos. */
export function PortalChecklist({ checklist }: { checklist: OrderChecklist | null }) {
  if (!checklist) return null;
  return (
    <section aria-labelledby="portal-checklist-title" className="mt-6">
      <h2 id="portal-checklist-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Checklist: {checklist.nome}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {checklist.respondidos} de {checklist.total} respondidos · Não conformes: {checklist.naoConformes}
      </p>
      <ul className="mt-2 flex flex-col gap-2">
        {checklist.itens.map((item) => {
          const unit = item.tipo === 'leitura' && item.unidade ? ` ${item.unidade}` : '';
          const range = item.tipo === 'leitura' ? formatRange(item) : '';
          const failed = item.resposta?.resultado === 'Não conforme';
          return (
            <li
              key={item.id}
              className="rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <p className="font-semibold text-slate-900 dark:text-slate-100">{item.texto}</p>
              <p className="text-slate-800 dark:text-slate-200">
                {item.resposta ? `${item.resposta.valor}${unit}` : 'Sem resposta'}
                {range && <span className="text-slate-600 dark:text-slate-400"> · Faixa: {range}</span>}
                {item.resposta?.resultado && (
                  <span
                    className={cn(
                      'font-semibold',
                      failed ? 'text-red-700 dark:text-red-300' : 'text-green-700 dark:text-green-300',
                    )}
                  >
                    {' '}
                    · {item.resposta.resultado}
                  </span>
                )}
              </p>
              {item.resposta?.observacao && <p className="text-slate-700 dark:text-slate-300">{item.resposta.observacao}</p>}
              {item.resposta?.foto && <ServicePhoto src={item.resposta.foto} descricao={item.texto} className="mt-2 max-h-80" />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
