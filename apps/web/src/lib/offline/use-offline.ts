import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useAuth } from '../auth';
import { listOutbox, onOutboxChange } from './outbox';
import { getLastSync, onReadsChange } from './reads';
import type { OutboxEntry } from './store';
import { syncOutbox } from './sync';

const subscribeOnline = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

export function useOnline() {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

export function useLastSync() {
  return useSyncExternalStore(onReadsChange, getLastSync);
}

/** The signed-in user's outbox, live. */
export function useOutbox(): OutboxEntry[] {
  const { user } = useAuth();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return setEntries([]);
    let alive = true;
    const load = () =>
      void listOutbox(userId).then(
        (list) => alive && setEntries(list),
        () => alive && setEntries([]),
      );
    load();
    const off = onOutboxChange(load);
    return () => {
      alive = false;
      off();
    };
  }, [userId]);
  return entries;
}

/** Sends automatically when the signal returns (and once on mount); `sync` is the 'Sincronizar' button. */
export function useAutoSync() {
  const online = useOnline();
  const [syncing, setSyncing] = useState(false);
  const sync = useCallback(async () => {
    setSyncing(true);
    try {
      await syncOutbox();
    } finally {
      setSyncing(false);
    }
  }, []);
  useEffect(() => {
    if (online) void sync();
  }, [online, sync]);
  return { online, syncing, sync };
}
