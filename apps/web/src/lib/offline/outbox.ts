import { type OfflinePath, offlineOrderOf } from '@os/shared';
import { type OutboxEntry, offlineDb, type StoredPart } from './store';
import type { PendingWrite } from './write';

const listeners = new Set<() => void>();
export function onOutboxChange(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const notifyOutbox = () => {
  for (const l of listeners) l();
};

/** Keeps a record write on the device; the answer says it is pending. */
export async function enqueue(userId: number, path: OfflinePath, key: string, body: unknown): Promise<PendingWrite> {
  let stored: OutboxEntry['body'];
  let fields: Record<string, unknown>;
  if (body instanceof FormData) {
    const parts: StoredPart[] = [];
    fields = {};
    for (const [name, value] of body.entries()) {
      if (typeof value === 'string') {
        parts.push([name, value]);
        fields[name] = value;
      } else {
        parts.push([name, { blob: new Blob([await value.arrayBuffer()], { type: value.type }), fileName: value.name }]);
      }
    }
    stored = { kind: 'form', parts };
  } else {
    fields = { ...(body as Record<string, unknown>) };
    stored = { kind: 'json', value: fields };
  }
  const entry: OutboxEntry = {
    key,
    userId,
    path,
    body: stored,
    createdAt: Date.now(),
    orderId: offlineOrderOf(path, fields),
    status: 'pending',
  };
  const db = await offlineDb();
  // A repeated save of the same form (same key) replaces its copy instead of queueing a second one.
  const prior = await db.get('outbox', key);
  await db.put('outbox', prior ? { ...entry, createdAt: prior.createdAt } : entry);
  notifyOutbox();
  return { pendente: true, key, orderId: entry.orderId };
}

export async function listOutbox(userId: number): Promise<OutboxEntry[]> {
  const db = await offlineDb();
  const all = await db.getAllFromIndex('outbox', 'createdAt');
  return all.filter((e) => e.userId === userId);
}

export async function removeEntry(key: string) {
  await (await offlineDb()).delete('outbox', key);
  notifyOutbox();
}

export async function saveEntry(entry: OutboxEntry) {
  await (await offlineDb()).put('outbox', entry);
  notifyOutbox();
}

export function bodyOf(entry: OutboxEntry): unknown {
  if (entry.body.kind === 'json') return entry.body.value;
  const form = new FormData();
  for (const [name, value] of entry.body.parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new File([value.blob], value.fileName, { type: value.blob.type }));
  }
  return form;
}
