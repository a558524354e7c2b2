import './lib/zod-config';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { UpdatePrompt } from './components/offline/update-prompt';
import { LoadingBlock } from './components/ui/spinner';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <Suspense fallback={<LoadingBlock />}>
        <RouterProvider router={router} />
      </Suspense>
      <UpdatePrompt />
    </Providers>
  </StrictMode>,
);
