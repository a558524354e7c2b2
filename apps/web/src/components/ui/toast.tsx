import { type ComponentType, type CSSProperties, lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { ToasterProps } from 'sonner';
import { useTheme } from '../../lib/theme';

// Sonner loads with the first toast, not with the page: the sign-in page needs none
// (docs/rules.md#performance-budgets). A toast made before its Toaster mounted is shown when it does
// (sonner replays the active toasts to a Toaster that subscribes late).
let sonner: Promise<typeof import('sonner')> | null = null;
const wanted = new Set<() => void>();
function loadSonner() {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of wanted) listener();
  }
  return sonner;
}
// Its code missing (offline before the service worker had it): no toasts, never an error screen.
/**
 * Mounts the toaster ahead of any toast: the signed-in screens call it as they load, so the toasts'
 * region is in place before a modal opens (a region added under an open modal would be hidden with
 * the page behind it).
 */
export function preloadToasts() {
  void loadSonner().catch(() => undefined);
}
const SonnerToaster = lazy(async () => {
  const loaded = await loadSonner().catch(() => null);
  return { default: loaded?.Toaster ?? ((() => null) as ComponentType<ToasterProps>) };
});
const subscribe = (listener: () => void) => {
  wanted.add(listener);
  return () => wanted.delete(listener);
};

// docs/rules.md#constants: toasts last 3000 ms; green for success, red for error (richColors).
export const TOAST_DURATION_MS = 3000;

// Sonner's light rich colours give 4.3:1 (red and green text on their pale backgrounds, less for the
// amber warning); AA needs 4.5:1.
const LIGHT_RICH_COLORS = {
  '--error-text': '#b91c1c',
  '--success-text': '#166534',
  '--warning-text': '#92400e',
} as CSSProperties;

export function Toaster() {
  const { theme } = useTheme();
  const shown = useSyncExternalStore(subscribe, () => sonner !== null);
  if (!shown) return null;
  // Toasts never cover the action the person needs next (docs/rules.md#daily-use): a form's buttons
  // sit at its bottom (a phone's sheet, a tall modal's footer reaching the desktop's bottom right)
  // and page actions at the top right, so toasts show at the top centre, over titles only.
  // On the body, not inside the app's root: a modal hides the root from assistive technology (and from
  // getByRole), and a toaster that mounts after the modal opened would be hidden with it.
  return createPortal(
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-center"
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
        theme={theme}
        containerAriaLabel="Notificações"
        // Portuguese reads left to right: said here, sonner does not ask the page's computed style (a style
        // recalculation while the first screen draws).
        dir="ltr"
        toastOptions={{ closeButtonAriaLabel: 'Fechar aviso' }}
        style={theme === 'dark' ? undefined : LIGHT_RICH_COLORS}
      />
    </Suspense>,
    document.body,
  );
}

export const toast = {
  success: (message: string, options?: { duration?: number; description?: string }) =>
    void loadSonner()
      .then(({ toast }) => toast.success(message, options))
      .catch(() => undefined),
  error: (message: string, options?: { duration?: number }) =>
    void loadSonner()
      .then(({ toast }) => toast.error(message, options))
      .catch(() => undefined),
  /** Done, with something the person must act on (a double-booking): stays until closed. */
  warning: (message: string, options?: { description?: string }) =>
    void loadSonner()
      .then(({ toast }) => toast.warning(message, { duration: Number.POSITIVE_INFINITY, ...options }))
      .catch(() => undefined),
  /** Neither done nor failed: e.g. an entry kept on the phone until the signal returns (docs/rules.md#offline-sync). */
  info: (message: string, options?: { duration?: number }) =>
    void loadSonner()
      .then(({ toast }) => toast.info(message, options))
      .catch(() => undefined),
};

/** Shows the server's message when a load fails: nothing fails silently (docs/ui.md#behaviour). */
export function useErrorToast(error: Error | null | undefined) {
  useEffect(() => {
    if (error) toast.error(error.message);
  }, [error]);
}
