import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { onClearSessionData, setSessionUser } from './session';

/** A 401 on any call means the session ended on the server: forget the user so the guards send to /login. */
function forgetUserOnUnauthorized(error: unknown) {
  if (error instanceof ApiError && error.status === 401) setSessionUser(null);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: forgetUserOnUnauthorized }),
  mutationCache: new MutationCache({ onError: forgetUserOnUnauthorized }),
  defaultOptions: {
    // The offline field app answers from the device without signal (lib/offline): never pause for navigator.onLine.
    mutations: { networkMode: 'always' },
    queries: {
      networkMode: 'always',
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying a 4xx never helps; one retry for a network blip or a 5xx.
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});

// Signing in or out empties every screen's data (lib/auth.tsx); the session itself lives in lib/session.ts.
onClearSessionData(() => queryClient.removeQueries());
