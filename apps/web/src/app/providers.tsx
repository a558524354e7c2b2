import type { ReactNode } from 'react';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { MessageProvider } from '../components/ui/message-dialog';
import { Toaster } from '../components/ui/toast';
import { AuthProvider } from '../lib/auth';
import { ThemeProvider } from '../lib/theme';

/** The query layer is not here: app/query-provider.tsx wraps the routes that read data (app/router.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <AuthProvider>
        <ConfirmProvider>
          <MessageProvider>
            {children}
            <Toaster />
          </MessageProvider>
        </ConfirmProvider>
      </AuthProvider>
    </ThemeProvider>
  );
}
