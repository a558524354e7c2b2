import { OFFLINE_MSG } from '@os/shared';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../ui/button';

/**
 * Registers the service worker (production builds only, once the page has loaded, so it never
 * competes with the first screen) and tells of a new release waiting to take over. A dozen lines
 * instead of workbox-window: the sign-in page loads less (docs/rules.md#performance-budgets).
 */
function useWaitingWorker(): [ServiceWorker | null, () => void] {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    // Only an update waits: the very first worker installs with no page to replace.
    const check = (registration: ServiceWorkerRegistration) => {
      if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
    };
    const register = () =>
      navigator.serviceWorker
        .register('/sw.js', { scope: '/' })
        .then((registration) => {
          check(registration);
          registration.addEventListener('updatefound', () => {
            const worker = registration.installing;
            worker?.addEventListener('statechange', () => worker.state === 'installed' && check(registration));
          });
        })
        .catch(() => undefined);
    if (document.readyState === 'complete') void register();
    else window.addEventListener('load', () => void register(), { once: true });
  }, []);
  const update = () => {
    if (!waiting) return;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    // The worker Workbox generates takes over on this message (registerType 'prompt' in vite.config.ts).
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };
  return [waiting, update];
}

/**
 * The service worker caches the app shell; a new release waits until the user chooses 'Nova versão
 * disponível — atualizar' instead of replacing the page under their fingers.
 */
export function UpdatePrompt() {
  const [waiting, update] = useWaitingWorker();
  if (!waiting) return null;
  return (
    <div className="fixed inset-x-2 bottom-2 z-50 flex justify-center sm:inset-x-auto sm:right-4">
      <Button className="min-h-11 shadow-lg" icon={<RefreshCw className="size-4" aria-hidden="true" />} onClick={update}>
        {OFFLINE_MSG.newVersion}
      </Button>
    </div>
  );
}
