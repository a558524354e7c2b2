import { ApiError, apiRequest } from '../api';
import { queryClient } from '../query-client';
import { bodyOf, listOutbox, removeEntry, saveEntry } from './outbox';
import { readOwner } from './reads';

let running: Promise<void> | null = null;

/**
 * Sends the signed-in user's pending entries in the order they were made, each with its own key.
 * A refusal (400/403/404/409/413/415) keeps the entry with the server's message; no answer stops the run.
 */
export function syncOutbox(): Promise<void> {
  running ??= run().finally(() => {
    running = null;
  });
  return running;
}

async function run() {
  const userId = readOwner();
  if (userId === null) return;
  let sent = 0;
  for (const entry of await listOutbox(userId)) {
    if (entry.status !== 'pending') continue;
    try {
      await apiRequest(entry.path, {
        method: 'POST',
        body: bodyOf(entry),
        headers: { 'Idempotency-Key': entry.key },
      });
      await removeEntry(entry.key);
      sent++;
    } catch (error) {
      if (
        !(error instanceof ApiError) ||
        error.status === 0 ||
        error.status === 401 ||
        error.status >= 500 ||
        error.status === 429
      )
        break;
      await saveEntry({ ...entry, status: 'refused', error: error.message });
    }
  }
  if (sent > 0) await queryClient.invalidateQueries();
}
