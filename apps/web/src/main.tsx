import './lib/zod-config';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { RouteErrorBoundary } from './app/route-error-boundary';
import { AppRoutes, preloadCurrentScreen } from './app/router';
import { UpdatePrompt } from './components/offline/update-prompt';
import { LoadingBlock } from './components/ui/spinner';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The first screen's code downloads while the session is checked, not after (docs/rules.md#performance-budgets),
// and the app is drawn once it is there; index.html's own 'Carregando...' shows meanwhile. Drawn before, its
// Suspense fallback would hold the screen back: React reveals what follows a fallback at most every 300 ms.
void preloadCurrentScreen(window.location.pathname).then(() =>
  createRoot(root).render(
    <StrictMode>
      {/* Whatever fails above the routes (a provider, a dialog) still never leaves a blank page. */}
      <RouteErrorBoundary>
        <Providers>
          <BrowserRouter>
            <Suspense fallback={<LoadingBlock />}>
              <AppRoutes />
            </Suspense>
          </BrowserRouter>
          <UpdatePrompt />
        </Providers>
      </RouteErrorBoundary>
    </StrictMode>,
  ),
);
