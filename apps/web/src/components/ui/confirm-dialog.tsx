import { createContext, lazy, type ReactNode } from 'react';
import { PendingDialogProvider, usePendingDialog, useProvided } from './pending-dialog';

// The dialog itself loads with its first use: the sign-in page never needs it (docs/rules.md#performance-budgets).
const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'));

export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for deleting. */
  danger?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Mount once; then `await confirm({ message })` anywhere resolves true (confirmed) or false. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { state: options, open: confirm, settle } = usePendingDialog<ConfirmOptions, boolean>(false);
  return (
    <PendingDialogProvider
      context={ConfirmContext}
      value={confirm}
      dialog={options && <ConfirmDialogView options={options} onSettle={settle} />}
    >
      {children}
    </PendingDialogProvider>
  );
}

export function useConfirm(): Confirm {
  return useProvided(ConfirmContext, 'useConfirm', 'ConfirmProvider');
}
