import { useRegisterSW } from 'virtual:pwa-register/react';
import { OFFLINE_MSG } from '@os/shared';
import { RefreshCw } from 'lucide-react';
import { Button } from '../ui/button';

/**
 * The service worker (production builds only) caches the app shell; a new release waits until the
 * user chooses 'Nova versão disponível — atualizar' instead of replacing the page under their fingers.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: import.meta.env.PROD });
  if (!needRefresh) return null;
  return (
    <div className="fixed inset-x-2 bottom-2 z-50 flex justify-center sm:inset-x-auto sm:right-4">
      <Button
        className="min-h-11 shadow-lg"
        icon={<RefreshCw className="size-4" aria-hidden="true" />}
        onClick={() => void updateServiceWorker(true)}
      >
        {OFFLINE_MSG.newVersion}
      </Button>
    </div>
  );
}
