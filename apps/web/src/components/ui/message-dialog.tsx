import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react';

export type MessageKind = 'error' | 'success' | 'warning';

// The dialog itself loads with its first use: the sign-in page never needs it (docs/rules.md#performance-budgets).
const MessageDialogView = lazy(() => import('./message-dialog-view'));

interface MessageState {
  kind: MessageKind;
  message: ReactNode;
}

export interface MessageApi {
  error: (message: ReactNode) => Promise<void>;
  success: (message: ReactNode) => Promise<void>;
  warning: (message: ReactNode) => Promise<void>;
}

const MessageContext = createContext<MessageApi | null>(null);

/** Mount once; `await message.error('...')` shows 'Erro!' and resolves when the user closes it. */
export function MessageProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<MessageState | null>(null);
  const resolver = useRef<(() => void) | null>(null);

  const show = useCallback((kind: MessageKind, message: ReactNode) => {
    resolver.current?.();
    setState({ kind, message });
    return new Promise<void>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const api = useMemo<MessageApi>(
    () => ({
      error: (message) => show('error', message),
      success: (message) => show('success', message),
      warning: (message) => show('warning', message),
    }),
    [show],
  );

  const close = () => {
    resolver.current?.();
    resolver.current = null;
    setState(null);
  };

  return (
    <MessageContext.Provider value={api}>
      {children}
      {state && (
        <Suspense fallback={null}>
          <MessageDialogView kind={state.kind} message={state.message} onClose={close} />
        </Suspense>
      )}
    </MessageContext.Provider>
  );
}

export function useMessage(): MessageApi {
  const api = useContext(MessageContext);
  if (!api) throw new Error('useMessage must be used inside <MessageProvider>');
  return api;
}
