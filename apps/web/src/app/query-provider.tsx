import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { preloadToasts } from '../components/ui/toast';
import { queryClient } from '../lib/query-client';

/**
 * The query layer, loaded with the first screen that reads data (every route but /login): the
 * sign-in bundle carries no TanStack Query (nor the toasts, mounted from here) (docs/rules.md#performance-budgets).
 */
export default function QueryProvider({ children }: { children: ReactNode }) {
  // The screens behind sign-in tell what they did with toasts: their region is mounted now.
  useEffect(preloadToasts, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
