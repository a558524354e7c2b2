import { CHECKLIST_MSG, formatRange, type OrderChecklist, padNumber } from '@os/shared';
import { Link } from 'react-router';
import { useChecklistOrigin, useOrderChecklist } from '../api/checklists';
import { ResultBadge } from './result-badge';

/** The items with value and unit, range, result, note and photo (docs/rules.md#checklists); `photoUrl` says where a photo is read. */
export function ChecklistTable({
  checklist,
  photoUrl,
}: {
  checklist: OrderChecklist;
  photoUrl: (foto: string, itemId: number) => string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {checklist.nome} · {CHECKLIST_MSG.progress(checklist.respondidos, checklist.total)} respondidos · Não conformes:{' '}
        {checklist.naoConformes}
      </p>
      <ul className="flex flex-col gap-2">
        {checklist.itens.map((item) => {
          const range = item.tipo === 'leitura' ? formatRange(item) : '';
          const unit = item.tipo === 'leitura' && item.unidade ? ` ${item.unidade}` : '';
          return (
            <li key={item.id} className="rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold">{item.texto}</span>
                {item.resposta ? (
                  <span className="tabular-nums">
                    {item.resposta.valor}
                    {unit}
                  </span>
                ) : (
                  <span className="text-slate-500 dark:text-slate-400">Sem resposta</span>
                )}
                {range && <span className="text-slate-600 dark:text-slate-300">Faixa: {range}</span>}
                <ResultBadge resultado={item.resposta?.resultado ?? null} />
              </div>
              {item.resposta?.observacao && <p className="mt-1 text-slate-700 dark:text-slate-300">{item.resposta.observacao}</p>}
              {item.resposta?.foto && (
                <img
                  src={photoUrl(item.resposta.foto, item.id)}
                  alt={`Foto: ${item.texto}`}
                  className="mt-2 max-h-64 rounded border border-slate-200 dark:border-slate-700"
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The order view's 'Checklist' section, with the follow-up orders its 'Não conforme' items opened. */
export function ChecklistSection({ orderId }: { orderId: number }) {
  const checklist = useOrderChecklist(orderId);
  if (checklist.isPending) return null;
  if (!checklist.data) return <p className="text-sm text-slate-600 dark:text-slate-300">{CHECKLIST_MSG.none}</p>;
  const data = checklist.data;
  return (
    <div className="flex flex-col gap-2">
      <ChecklistTable checklist={data} photoUrl={(foto) => `/uploads/${foto}`} />
      {data.pendencias.length > 0 && (
        <p className="text-sm">
          OS de pendência:{' '}
          {data.pendencias.map((p, i) => (
            <span key={p.osId}>
              {i > 0 && ', '}
              <Link to={`/os?abrir=${p.osId}`} className="font-medium text-blue-700 underline dark:text-blue-300">
                OS {padNumber(p.numero)}
              </Link>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

/** What the signature modal says before the customer signs an order whose checklist is incomplete. */
export function ChecklistIncompleteNotice({ orderId }: { orderId: number }) {
  const checklist = useOrderChecklist(orderId);
  const missing = (checklist.data?.itens ?? []).filter((i) => i.obrigatorio && !i.resposta).map((i) => i.texto);
  if (!missing.length) return null;
  return (
    <p
      role="alert"
      className="rounded-md bg-amber-100 p-2 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      {CHECKLIST_MSG.incomplete}
      {missing.join(', ')}. A OS será concluída quando os itens obrigatórios forem respondidos.
    </p>
  );
}

/** 'Pendência do checklist da OS 00042': the link back from a follow-up order to the order that opened it. */
export function ChecklistOriginLink({ orderId }: { orderId: number }) {
  const origin = useChecklistOrigin(orderId);
  if (!origin.data) return null;
  return (
    <p className="text-sm">
      Pendência do checklist da{' '}
      <Link to={`/os?abrir=${origin.data.osId}`} className="font-medium text-blue-700 underline dark:text-blue-300">
        OS {padNumber(origin.data.numero)}
      </Link>
      : {origin.data.itemTexto}
    </p>
  );
}

/** The 'Checklist' panel of 'Editar OS' in the office: the order's checklist, or the order a follow-up came from. */
export function OrderChecklistPanel({ orderId }: { orderId: number }) {
  const checklist = useOrderChecklist(orderId);
  return (
    <>
      <ChecklistOriginLink orderId={orderId} />
      {checklist.data && (
        <section aria-label="Checklist" className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
          <h3 className="text-sm font-semibold">Checklist</h3>
          <ChecklistSection orderId={orderId} />
        </section>
      )}
    </>
  );
}
