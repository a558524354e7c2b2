import {
  CHECKLIST_MSG,
  type ChecklistResult,
  formatRange,
  judgeAnswer,
  type OrderChecklist,
  type OrderChecklistItem,
  padNumber,
} from '@os/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { RowOptions, Select } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { Modal } from '../../../components/ui/modal';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { announceWrite, isPendingWrite, newIdempotencyKey } from '../../../lib/offline/write';
import { useAnswerChecklistItem, useAttachChecklist, useChecklistTemplates, useOrderChecklist } from '../api/checklists';
import { ChecklistItemEntry, type ItemEntryValues } from './checklist-item-entry';
import { ResultBadge } from './result-badge';

/** An answer kept on the phone until the signal returns: shown as 'Pendente' meanwhile. */
type Local = { valor: string; resultado: ChecklistResult | null };

/** 'x de y' and its bar. */
function Progress({ done, total }: { done: number; total: number }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-base font-semibold tabular-nums" aria-live="polite">
        {CHECKLIST_MSG.progress(done, total)} respondidos
      </p>
      <div className="h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden="true">
        <div className="h-full bg-blue-700 dark:bg-blue-500" style={{ width: `${total ? (done / total) * 100 : 0}%` }} />
      </div>
    </div>
  );
}

/** The order without checklist: the technician or the office adds an active template. */
function AttachChecklist({ orderId }: { orderId: number }) {
  const templates = useChecklistTemplates();
  const attach = useAttachChecklist(orderId);
  const message = useMessage();
  const active = (templates.data ?? []).filter((t) => t.ativo);
  const [chosen, setChosen] = useState('');
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700 dark:text-slate-300">{CHECKLIST_MSG.none}</p>
      {active.length > 0 && (
        <>
          <Select
            aria-label="Modelo de checklist"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            className="min-h-12"
          >
            <RowOptions
              rows={active}
              label={(t) => `${t.nome}${t.tipoEquipamento ? ` (${t.tipoEquipamento})` : ''}`}
              empty="Escolha um modelo..."
            />
          </Select>
          <Button
            className="min-h-12"
            disabled={!chosen}
            loading={attach.isPending}
            onClick={() =>
              attach
                .mutateAsync(Number(chosen))
                .catch((e) => void message.error(e instanceof ApiError ? e.message : CHECKLIST_MSG.failed))
            }
          >
            {CHECKLIST_MSG.add}
          </Button>
        </>
      )}
    </div>
  );
}

/** One item of the list: its text, the range of a reading, and the answer (saved, or pending on the phone). */
function ItemRow({
  item,
  local,
  onOpen,
  frozen,
}: {
  item: OrderChecklistItem;
  local?: Local;
  onOpen: () => void;
  frozen: boolean;
}) {
  const answer = local ?? item.resposta;
  const unit = item.tipo === 'leitura' && item.unidade ? ` ${item.unidade}` : '';
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">
          {item.texto}
          {item.obrigatorio && (
            <span className="text-red-700 dark:text-red-300" title="Obrigatório">
              {' '}
              *
            </span>
          )}
        </p>
        {local && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
            Pendente
          </span>
        )}
      </div>
      {item.tipo === 'leitura' && formatRange(item) && (
        <p className="text-sm text-slate-600 dark:text-slate-300">Faixa: {formatRange(item)}</p>
      )}
      {answer ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-semibold tabular-nums">
            {answer.valor}
            {unit}
          </span>
          <ResultBadge resultado={answer.resultado} />
        </div>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">Sem resposta</p>
      )}
      {!frozen && (
        <Button variant={answer ? 'secondary' : 'primary'} className="min-h-12" onClick={onOpen}>
          {answer ? 'Alterar resposta' : 'Responder'}
        </Button>
      )}
    </li>
  );
}

function ChecklistItems({ checklist, orderId, frozen }: { checklist: OrderChecklist; orderId: number; frozen: boolean }) {
  const answerItem = useAnswerChecklistItem();
  const message = useMessage();
  const [open, setOpen] = useState<number | null>(null);
  const [local, setLocal] = useState<Record<number, Local>>({});
  const done = checklist.itens.filter((i) => i.resposta || local[i.id]).length;

  const save = async (item: OrderChecklistItem, values: ItemEntryValues) => {
    const form = new FormData();
    form.append('osId', String(orderId));
    form.append('itemId', String(item.id));
    form.append('valor', values.valor);
    form.append('observacao', values.observacao);
    if (values.foto) form.append('foto', values.foto, values.foto.name || 'foto.jpg');
    try {
      const answer = await answerItem.mutateAsync({ input: form, key: newIdempotencyKey() });
      if (isPendingWrite(answer)) {
        const judged = judgeAnswer(item, values.valor);
        setLocal((l) => ({
          ...l,
          [item.id]: { valor: judged.ok ? judged.valor : values.valor, resultado: judged.ok ? judged.resultado : null },
        }));
      }
      announceWrite(answer, CHECKLIST_MSG.answered);
      setOpen(null);
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : CHECKLIST_MSG.failed);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {checklist.nome} · versão {checklist.versao}
      </p>
      <Progress done={done} total={checklist.total} />
      <ol className="flex flex-col gap-3">
        {checklist.itens.map((item) =>
          open === item.id ? (
            <li key={item.id} className="flex flex-col gap-2">
              <p className="font-semibold">{item.texto}</p>
              <ChecklistItemEntry
                item={item}
                saving={answerItem.isPending}
                onSave={(v) => void save(item, v)}
                onCancel={() => setOpen(null)}
              />
            </li>
          ) : (
            <ItemRow key={item.id} item={item} local={local[item.id]} frozen={frozen} onOpen={() => setOpen(item.id)} />
          ),
        )}
      </ol>
    </div>
  );
}

/** 'Checklist' of an order card (docs/screens.md#checklist-no-celular): the items as large controls, offline like every field entry. */
export function ChecklistModal({
  order,
  onClose,
}: {
  order: { id: number; numero: number; cliente: string; status: string };
  onClose: () => void;
}) {
  const checklist = useOrderChecklist(order.id);
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title="Checklist"
      description={`OS ${padNumber(order.numero)} · ${order.cliente}`}
      size="lg"
    >
      {checklist.isPending ? (
        <LoadingBlock />
      ) : checklist.data ? (
        <ChecklistItems checklist={checklist.data} orderId={order.id} frozen={order.status === 'Fechado'} />
      ) : (
        <AttachChecklist orderId={order.id} />
      )}
    </Modal>
  );
}
