import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

export type MessageKind = 'error' | 'success' | 'warning';

// The product's dialog titles (spec §8).
const KINDS: Record<MessageKind, { title: string; icon: ReactNode; tone: string }> = {
  error: { title: 'Erro!', icon: <CircleAlert aria-hidden="true" />, tone: 'text-red-700 dark:text-red-400' },
  success: { title: 'Sucesso!', icon: <CircleCheck aria-hidden="true" />, tone: 'text-green-700 dark:text-green-400' },
  warning: { title: 'Atenção!', icon: <TriangleAlert aria-hidden="true" />, tone: 'text-amber-600 dark:text-amber-400' },
};

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
  const kind = state ? KINDS[state.kind] : null;

  return (
    <MessageContext.Provider value={api}>
      {children}
      <AlertDialog.Root open={state !== null} onOpenChange={(open) => !open && close()}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl dark:bg-slate-900 dark:ring-1 dark:ring-slate-700">
            <div className="flex items-start gap-3">
              <span className={cn('mt-0.5 [&_svg]:size-6', kind?.tone)}>{kind?.icon}</span>
              <div className="min-w-0">
                <AlertDialog.Title className="text-base font-semibold">{kind?.title}</AlertDialog.Title>
                <AlertDialog.Description asChild>
                  <div className="mt-1 text-sm text-slate-600 dark:text-slate-300">{state?.message}</div>
                </AlertDialog.Description>
              </div>
            </div>
            <div className="mt-5 flex justify-end">
              <AlertDialog.Action asChild>
                <Button className="max-sm:w-full" onClick={close}>
                  OK
                </Button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </MessageContext.Provider>
  );
}

export function useMessage(): MessageApi {
  const api = useContext(MessageContext);
  if (!api) throw new Error('useMessage must be used inside <MessageProvider>');
  return api;
}
