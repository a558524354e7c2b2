import type { LoginInput, SessionUser } from '@os/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { ApiError, api } from './api';
import { forgetDevice } from './offline/forget';
import { setReadOwner } from './offline/reads';
import { SESSION_QUERY_KEY } from './query-client';

interface AuthContextValue {
  /** null when nobody is signed in; undefined while the first /api/auth/me is on its way. */
  user: SessionUser | null | undefined;
  isLoading: boolean;
  isAdmin: boolean;
  isTec: boolean;
  isUser: boolean;
  login: (input: LoginInput) => Promise<SessionUser>;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return await api.get<SessionUser>('/api/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const {
    data: user,
    isPending,
    isError,
  } = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSessionUser,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const login = useCallback(
    async (input: LoginInput) => {
      const signedIn = await api.post<SessionUser>('/api/auth/login', input);
      // Someone else's kept records and photos never show to this person (docs/rules.md#accounts).
      await forgetDevice({ keepUserId: signedIn.id });
      // Nothing cached for a previous user may leak into this session.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, signedIn);
      return signedIn;
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await api.post('/api/auth/logout');
    } finally {
      // The device forgets who was signed in and everything of theirs: kept records, photos and the
      // entries they sent or chose to discard (docs/rules.md#accounts).
      await setReadOwner(null);
      await forgetDevice({ keepUserId: null, discardOutboxOf: user?.id });
      // Client state is cleared even when the server could not be reached (docs/rules.md#states: logout clears the user).
      // Note: removeQueries, not clear(): clearing would detach the session observer of this provider.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    }
  }, [queryClient, user?.id]);

  const value = useMemo<AuthContextValue>(() => {
    // A failed /me (server down) counts as signed out: the login page then shows the network error on submit.
    const current = isError ? null : user;
    const role = current?.role;
    return {
      user: current,
      isLoading: isPending && !isError,
      isAdmin: role === 'admin',
      isTec: role === 'tec',
      isUser: role === 'user',
      login,
      logout,
    };
  }, [user, isPending, isError, login, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
