import { OFFLINE_FIELD_LABELS, OFFLINE_MSG, OFFLINE_ORDER_FIELDS, offlineLabel, pendingEntryFormSchema } from '@os/shared';
import { useState } from 'react';
import { removeEntry, saveEntry } from '../../lib/offline/outbox';
import type { OutboxEntry } from '../../lib/offline/store';
import { syncOutbox } from '../../lib/offline/sync';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { useConfirm } from '../ui/confirm-dialog';

/** The outbox, in the order entries were made; a refused one can be corrected and resent, or discarded. */
export function PendingEntries({ entries }: { entries: OutboxEntry[] }) {
  return (
    <section aria-label={OFFLINE_MSG.pendingTitle} className="mt-3">
      <h2 className="mb-2 text-sm font-semibold">{OFFLINE_MSG.pendingTitle}</h2>
      <ul className="grid gap-2">
        {entries.map((entry) => (
          <PendingItem key={entry.key} entry={entry} />
        ))}
      </ul>
    </section>
  );
}

function PendingItem({ entry }: { entry: OutboxEntry }) {
  const confirm = useConfirm();
  const [typed] = useState(() => editable(entry));
  const { register, handleSubmit } = useSchemaForm(pendingEntryFormSchema, typed);
  const refused = entry.status === 'refused';
  const label = offlineLabel(entry.path);
  const resend = handleSubmit(async (fields) => {
    await saveEntry(withFields(entry, fields));
    await syncOutbox();
  });
  const discard = async () => {
    if (await confirm({ message: OFFLINE_MSG.discardConfirm, confirmLabel: OFFLINE_MSG.discard, danger: true })) {
      await removeEntry(entry.key);
    }
  };
  return (
    <li aria-label={label} className="rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{label}</span>
        <Badge tone={refused ? 'red' : 'yellow'}>{refused ? OFFLINE_MSG.refused : OFFLINE_MSG.pending}</Badge>
      </div>
      {refused && (
        <>
          <p role="alert" className="mt-1 text-red-800 dark:text-red-200">
            {entry.error}
          </p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {Object.keys(typed).map((name) => (
              <label key={name} className="grid gap-1 text-xs">
                <span className="text-slate-600 dark:text-slate-300">{OFFLINE_FIELD_LABELS[name] ?? name}</span>
                <input
                  className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-800"
                  {...register(name)}
                />
              </label>
            ))}
          </div>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" className="min-h-11" onClick={() => void resend()}>
              {OFFLINE_MSG.resend}
            </Button>
            <Button size="sm" variant="danger" className="min-h-11" onClick={() => void discard()}>
              {OFFLINE_MSG.discard}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/** Fields the engineer never types (the order, the signature image, nomeFoto) or the server derives (durations). */
const HIDDEN = new Set([...OFFLINE_ORDER_FIELDS, 'assinatura', 'nomeFoto', 'duracaoida', 'duracaoservico', 'duracaovolta']);

/** The text fields the engineer may correct (the order, photos and the signature image stay as made). */
function editable(entry: OutboxEntry): Record<string, string> {
  const pairs =
    entry.body.kind === 'json'
      ? Object.entries(entry.body.value).filter(([, v]) => typeof v === 'string' || typeof v === 'number')
      : entry.body.parts.filter(([, v]) => typeof v === 'string');
  return Object.fromEntries(pairs.filter(([n]) => !HIDDEN.has(n)).map(([n, v]) => [n, String(v)]));
}

function withFields(entry: OutboxEntry, fields: Record<string, string>): OutboxEntry {
  if (entry.body.kind === 'json') {
    const value = { ...entry.body.value };
    for (const [n, v] of Object.entries(fields))
      value[n] = typeof value[n] === 'number' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
    return { ...entry, status: 'pending', error: undefined, body: { kind: 'json', value } };
  }
  const parts = entry.body.parts.map(([n, v]): [string, typeof v] => [n, typeof v === 'string' && n in fields ? fields[n]! : v]);
  return { ...entry, status: 'pending', error: undefined, body: { kind: 'form', parts } };
}
