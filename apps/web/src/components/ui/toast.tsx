import { type CSSProperties, useEffect } from 'react';
import { Toaster as SonnerToaster, toast as sonner } from 'sonner';
import { useTheme } from '../../lib/theme';

// docs/rules.md#constants: toasts last 3000 ms; green for success, red for error (richColors).
export const TOAST_DURATION_MS = 3000;

// Sonner's light rich colours give 4.3:1 (red and green text on their pale backgrounds); AA needs 4.5:1.
const LIGHT_RICH_COLORS = { '--error-text': '#b91c1c', '--success-text': '#166534' } as CSSProperties;

export function Toaster() {
  const { theme } = useTheme();
  // Toasts never cover the action the person needs next (docs/rules.md#daily-use): a form's buttons
  // sit at its bottom (a phone's sheet, a tall modal's footer reaching the desktop's bottom right)
  // and page actions at the top right, so toasts show at the top centre, over titles only.
  return (
    <SonnerToaster
      position="top-center"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      theme={theme}
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: 'Fechar aviso' }}
      style={theme === 'dark' ? undefined : LIGHT_RICH_COLORS}
    />
  );
}

export const toast = {
  success: (message: string, options?: { duration?: number; description?: string }) => sonner.success(message, options),
  error: (message: string, options?: { duration?: number }) => sonner.error(message, options),
};

/** Shows the server's message when a load fails: nothing fails silently (docs/ui.md#behaviour). */
export function useErrorToast(error: Error | null | undefined) {
  useEffect(() => {
    if (error) toast.error(error.message);
  }, [error]);
}
