import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { MessageProvider } from '../components/ui/message-dialog';
import { Toaster } from '../components/ui/toast';
import { AuthProvider } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
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
    </QueryClientProvider>
  );
}
