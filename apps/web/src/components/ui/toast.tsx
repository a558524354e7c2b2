import { toast as sonner, Toaster as SonnerToaster } from 'sonner';
import { useTheme } from '../../lib/theme';

// Spec §9: toasts last 3000 ms, bottom right; green for success, red for error (richColors).
export const TOAST_DURATION_MS = 3000;

export function Toaster() {
  const { theme } = useTheme();
  return <SonnerToaster position="bottom-right" duration={TOAST_DURATION_MS} richColors closeButton theme={theme} />;
}

export const toast = {
  success: (message: string, options?: { duration?: number; description?: string }) => sonner.success(message, options),
  error: (message: string, options?: { duration?: number }) => sonner.error(message, options),
};
