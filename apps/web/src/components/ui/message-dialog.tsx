import { createContext, lazy, type ReactNode, useMemo } from 'react';
import { PendingDialogProvider, usePendingDialog, useProvided } from './pending-dialog';

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
  const { state, open, settle } = usePendingDialog<MessageState, undefined>(undefined);

  const api = useMemo<MessageApi>(
    () => ({
      error: (message) => open({ kind: 'error', message }),
      success: (message) => open({ kind: 'success', message }),
      warning: (message) => open({ kind: 'warning', message }),
    }),
    [open],
  );

  return (
    <PendingDialogProvider
      context={MessageContext}
      value={api}
      dialog={state && <MessageDialogView kind={state.kind} message={state.message} onClose={() => settle(undefined)} />}
    >
      {children}
    </PendingDialogProvider>
  );
}

export function useMessage(): MessageApi {
  return useProvided(MessageContext, 'useMessage', 'MessageProvider');
}
