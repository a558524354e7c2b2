import type { LoginInput, SessionUser } from '@os/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { api } from './api';
import { dropEarlyReads } from './early-reads';
import { forgetDevice } from './offline/forget';
import { setReadOwner } from './offline/reads';
import { checkSession, clearSessionData, getSession, setSessionUser, subscribeSession } from './session';

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

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession);
  useEffect(() => void checkSession(), []);

  const login = useCallback(async (input: LoginInput) => {
    dropEarlyReads();
    const signedIn = await api.post<SessionUser>('/api/auth/login', input);
    // Someone else's kept records and photos never show to this person (docs/rules.md#accounts).
    await forgetDevice({ keepUserId: signedIn.id });
    // Nothing cached for a previous user may leak into this session.
    clearSessionData();
    setSessionUser(signedIn);
    return signedIn;
  }, []);

  const userId = session.user?.id;
  const logout = useCallback(async () => {
    dropEarlyReads();
    try {
      await api.post('/api/auth/logout');
    } finally {
      // The device forgets who was signed in and everything of theirs: kept records, photos and the
      // entries they sent or chose to discard (docs/rules.md#accounts).
      await setReadOwner(null);
      await forgetDevice({ keepUserId: null, discardOutboxOf: userId });
      // Client state is cleared even when the server could not be reached (docs/rules.md#states: logout clears the user).
      clearSessionData();
      setSessionUser(null);
    }
  }, [userId]);

  const value = useMemo<AuthContextValue>(() => {
    // A failed /me (server down) counts as signed out: the login page then shows the network error on submit.
    const current = session.failed ? null : session.user;
    const role = current?.role;
    return {
      user: current,
      isLoading: current === undefined,
      isAdmin: role === 'admin',
      isTec: role === 'tec',
      isUser: role === 'user',
      login,
      logout,
    };
  }, [session, login, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
