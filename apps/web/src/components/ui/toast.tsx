import type { CSSProperties } from 'react';
import { toast as sonner, Toaster as SonnerToaster } from 'sonner';
import { useTheme } from '../../lib/theme';

// Spec §9: toasts last 3000 ms, bottom right; green for success, red for error (richColors).
export const TOAST_DURATION_MS = 3000;

// Sonner's light rich colours give 4.3:1 (red and green text on their pale backgrounds); AA needs 4.5:1.
const LIGHT_RICH_COLORS = { '--error-text': '#b91c1c', '--success-text': '#166534' } as CSSProperties;

export function Toaster() {
  const { theme } = useTheme();
  return (
    <SonnerToaster
      position="bottom-right"
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
