import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

export const SESSION_QUERY_KEY = ['auth', 'me'] as const;

/** A 401 on any call means the session ended on the server: forget the user so the guards send to /login. */
function forgetUserOnUnauthorized(error: unknown) {
  if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(SESSION_QUERY_KEY, null);
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
