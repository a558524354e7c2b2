import type { SessionUser } from '@os/shared';
import { ApiError, api } from './api';

/**
 * Who is signed in, outside the query layer: the sign-in page and the guards need only this, so the
 * first bundle carries no TanStack Query (docs/rules.md#performance-budgets). lib/query-client.ts
 * joins when the first screen with data loads: it empties its cache through `clearSessionData` and
 * answers a 401 with `setSessionUser(null)`.
 */
export interface SessionState {
  /** null when nobody is signed in; undefined while the first /api/auth/me is on its way. */
  user: SessionUser | null | undefined;
  /** The first check got no usable answer (server down, no kept copy): counts as signed out. */
  failed: boolean;
}

let state: SessionState = { user: undefined, failed: false };
const listeners = new Set<() => void>();
let clearData: (() => void) | null = null;

export const getSession = (): SessionState => state;

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export function setSessionUser(user: SessionUser | null) {
  if (state.user !== user || state.failed) publish({ user, failed: false });
}

/** Registered by lib/query-client.ts; called when one person's data must go (sign-in, sign-out). */
export function onClearSessionData(clear: () => void) {
  clearData = clear;
}
export function clearSessionData() {
  clearData?.();
}

async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return await api.get<SessionUser>('/api/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

let checking: Promise<void> | null = null;
/** The first session check, once; a network blip or a 5xx is tried once more (as the queries are). */
export function checkSession(): Promise<void> {
  checking ??= fetchSessionUser()
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
      return fetchSessionUser();
    })
    .then(
      (user) => {
        if (state.user === undefined) setSessionUser(user);
      },
      () => {
        if (state.user === undefined) publish({ user: undefined, failed: true });
      },
    );
  return checking;
}
