import { type Context, type ReactNode, Suspense, useCallback, useContext, useRef, useState } from 'react';

/**
 * The state of a dialog that a promise waits on (the confirm and message dialogs): `open(state)` shows it and
 * resolves with what `settle(answer)` is given; opening another first answers the one shown with `dismissed`.
 */
export function usePendingDialog<State, Answer>(dismissed: Answer) {
  const [state, setState] = useState<State | null>(null);
  const resolver = useRef<((answer: Answer) => void) | null>(null);

  const open = useCallback(
    (next: State) => {
      resolver.current?.(dismissed);
      setState(next);
      return new Promise<Answer>((resolve) => {
        resolver.current = resolve;
      });
    },
    [dismissed],
  );

  const settle = (answer: Answer) => {
    resolver.current?.(answer);
    resolver.current = null;
    setState(null);
  };

  return { state, open, settle };
}

/** Gives `value` to the screens below and shows `dialog` (a lazy view) over them while there is one. */
export function PendingDialogProvider<Value>({
  context,
  value,
  dialog,
  children,
}: {
  context: Context<Value | null>;
  value: Value;
  dialog: ReactNode;
  children: ReactNode;
}) {
  return (
    <context.Provider value={value}>
      {children}
      {dialog && <Suspense fallback={null}>{dialog}</Suspense>}
    </context.Provider>
  );
}

/** The context's value; outside its provider, an error naming the hook and the provider. */
export function useProvided<Value>(context: Context<Value | null>, hook: string, provider: string): Value {
  const value = useContext(context);
  if (!value) throw new Error(`${hook} must be used inside <${provider}>`);
  return value;
}
