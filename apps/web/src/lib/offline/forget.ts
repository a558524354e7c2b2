import { offlineDb } from './store';

/** Names of the service worker's caches that hold a person's files (photos, signatures). */
const PRIVATE_CACHE = /uploads/;

/** Empties the service worker's caches of protected files (photos, signatures, documents). */
async function dropPrivateCaches() {
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) if (PRIVATE_CACHE.test(name)) await caches.delete(name);
}

/**
 * A shared phone keeps nothing of the previous person (docs/rules.md#accounts): the kept reads of
 * everyone but `keepUserId` (their records, the remembered session) and the cached photos go.
 * Called at sign-out (keep nobody; with `discardOutboxOf` that person's unsent entries, which they
 * chose to discard) and at every sign-in (keep the one who signed in).
 */
export async function forgetDevice({ keepUserId, discardOutboxOf }: { keepUserId: number | null; discardOutboxOf?: number }) {
  try {
    await dropPrivateCaches();
  } catch {
    // No Cache Storage (an old browser, private mode): nothing was kept there either.
  }
  try {
    const db = await offlineDb();
    const tx = db.transaction(['reads', 'outbox'], 'readwrite');
    const reads = tx.objectStore('reads');
    for (const id of await reads.getAllKeys()) {
      // The remembered session is the one who just signed in (written by the sign-in itself).
      if (keepUserId !== null && (id === 'session' || String(id).startsWith(`${keepUserId}|`))) continue;
      await reads.delete(id);
    }
    if (discardOutboxOf !== undefined) {
      const outbox = tx.objectStore('outbox');
      for (const entry of await outbox.getAll()) if (entry.userId === discardOutboxOf) await outbox.delete(entry.key);
    }
    await tx.done;
  } catch {
    // No IndexedDB (private mode): nothing was kept there either.
  }
}
