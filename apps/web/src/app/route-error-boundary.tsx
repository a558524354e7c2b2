import { OFFLINE_MSG } from '@os/shared';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** A screen's code that could not be fetched (offline and never cached, or a release that replaced it). */
function isChunkFailure(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|module script|importing a module|Failed to fetch|ChunkLoadError/i.test(text);
}

/** 'Algo deu errado' with 'Recarregar': what shows instead of a blank page. Nothing on the device is touched. */
export function ErrorScreen({ error }: { error: unknown }) {
  const needsConnection = isChunkFailure(error) && !navigator.onLine;
  return (
    <div
      role="alert"
      className="mx-auto mt-6 max-w-md rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h1 className="text-lg font-semibold text-slate-900 dark:text-white">{OFFLINE_MSG.errorTitle}</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {needsConnection ? OFFLINE_MSG.needsConnection : OFFLINE_MSG.errorText}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{OFFLINE_MSG.keptEntries}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-4 inline-flex min-h-11 items-center rounded-md bg-blue-700 px-4 text-sm font-medium text-white hover:bg-blue-800 dark:bg-blue-600 dark:hover:bg-blue-500"
      >
        {OFFLINE_MSG.reload}
      </button>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** A new value (the route's path) clears the error, so leaving a broken screen shows the next one. */
  resetKey?: string;
}

/**
 * Around every route and around the whole app (docs/rules.md#offline-sync): a screen that throws,
 * or whose code cannot be loaded, shows ErrorScreen instead of a blank page. The offline outbox
 * lives in IndexedDB, so reloading keeps every pending entry.
 */
export class RouteErrorBoundary extends Component<Props, { error: unknown; resetKey?: string }> {
  override state: { error: unknown; resetKey?: string } = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: { error: unknown; resetKey?: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
