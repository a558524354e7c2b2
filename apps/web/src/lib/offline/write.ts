import { OFFLINE_MSG, type OfflinePath } from '@os/shared';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../api';
import { enqueue } from './outbox';
import { readOwner } from './reads';

/** The answer to a record write kept on the device: no record yet, marked Pendente until the sync sends it. */
export interface PendingWrite {
  pendente: true;
  /** Its Idempotency-Key, the same on every resend. */
  key: string;
  orderId: number | null;
}

/** A record write answers the saved record, or without signal the pending entry. */
export type OfflineAnswer<T> = T | PendingWrite;

/** A fresh Idempotency-Key for one record write: a repeat of that write answers the first result. */
export const newIdempotencyKey = () => crypto.randomUUID();

/** The stand-in answer of a write kept on the device (not on the server yet). */
export const isPendingWrite = (answer: unknown): answer is PendingWrite =>
  typeof answer === 'object' && answer !== null && (answer as Partial<PendingWrite>).pendente === true;

/**
 * What a form says once its record write answered: `saved` (the success text) only when the server has the
 * record. A write kept on the device already said 'Sem conexão: … marcado como Pendente.' (docs/rules.md#offline-sync)
 * and never claims a success.
 */
export function announceWrite(answer: unknown, saved: string) {
  if (!isPendingWrite(answer)) toast.success(saved);
}

/**
 * POSTs one of the record writes of OFFLINE_ENDPOINTS (docs/rules.md#offline-sync). Without signal, or
 * when the answer is lost on the way, the write waits on the device (the same key makes a resend answer
 * the first result) and answers a PendingWrite. The only way a write is queued.
 */
export async function offlineWrite<T>(
  endpoint: OfflinePath,
  body: object,
  key: string,
  onProgress?: (percent: number) => void,
): Promise<OfflineAnswer<T>> {
  const send = () => api.post<T>(endpoint, body, { headers: { 'Idempotency-Key': key }, onProgress });
  const userId = readOwner();
  if (userId === null) return send();
  const keep = async () => {
    const pending = await enqueue(userId, endpoint, key, body);
    toast.info(OFFLINE_MSG.savedOffline);
    return pending;
  };
  if (!navigator.onLine) return keep();
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) return keep();
    throw error;
  }
}

/**
 * A mutation over offlineWrite: `mutate({ input, key })`; once saved (or kept) the queries of
 * `refresh(input)` reload. `body` makes what is sent of the input (default: the input itself);
 * `onProgress` hears the upload's percentage (docs/rules.md#daily-use).
 */
export function useOfflineWrite<Input extends object, T>(
  endpoint: OfflinePath | ((input: Input) => OfflinePath),
  refresh: (input: Input) => QueryKey[],
  body: (input: Input) => object = (input) => input,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key, onProgress }: { input: Input; key: string; onProgress?: (percent: number) => void }) =>
      offlineWrite<T>(typeof endpoint === 'function' ? endpoint(input) : endpoint, body(input), key, onProgress),
    onSuccess: (_answer, { input }) => Promise.all(refresh(input).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
