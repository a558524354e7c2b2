import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** One part of a multipart body: text, or a file kept as a Blob. */
export type StoredPart = [name: string, value: string | { blob: Blob; fileName: string }];

/** An entry made on the device, waiting to be sent (or refused by the server and kept for the engineer). */
export interface OutboxEntry {
  /** The Idempotency-Key made on the device: the same on every resend. */
  key: string;
  userId: number;
  path: string;
  body: { kind: 'json'; value: Record<string, unknown> } | { kind: 'form'; parts: StoredPart[] };
  createdAt: number;
  orderId: number | null;
  status: 'pending' | 'refused';
  error?: string;
}

interface OfflineDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { createdAt: number } };
  /** Last answer of each GET the engineer screens read, per user ('session' = the signed-in user). */
  reads: { key: string; value: { id: string; data: unknown; at: number } };
}

let dbPromise: Promise<IDBPDatabase<OfflineDb>> | null = null;

export function offlineDb() {
  dbPromise ??= openDB<OfflineDb>('os-offline', 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'key' }).createIndex('createdAt', 'createdAt');
      db.createObjectStore('reads', { keyPath: 'id' });
    },
  });
  return dbPromise;
}
