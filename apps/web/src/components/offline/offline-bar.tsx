import { formatDate, OFFLINE_MSG, pendingCountLabel } from '@os/shared';
import { CloudOff, RefreshCw } from 'lucide-react';
import { Suspense } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { useAutoSync, useLastSync, useOutbox } from '../../lib/offline/use-offline';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';

// The outbox's list, with the form that corrects a refused entry: code of its own, loaded when there is an
// entry to show, so the job list's first draw carries no form library (docs/rules.md#performance-budgets).
const PendingEntries = lazyComponent(async () => (await import('./pending-entries')).PendingEntries);

const time = (at: number) => {
  const d = new Date(at);
  const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return `${formatDate(iso)} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** Engineer screens (docs/rules.md#offline-sync): 'Offline' with the last sync time, 'N pendentes', 'Sincronizar', and the outbox. */
export function OfflineBar() {
  const { online, syncing, sync } = useAutoSync();
  const lastSync = useLastSync();
  const entries = useOutbox();
  if (online && entries.length === 0) return null;
  return (
    <div className="mb-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-2">
        {!online && (
          <Badge tone="orange">
            <CloudOff className="mr-1 inline size-3.5" aria-hidden="true" />
            {OFFLINE_MSG.offline}
          </Badge>
        )}
        <span className="text-sm text-slate-600 dark:text-slate-300">
          {OFFLINE_MSG.lastSync}: {lastSync ? time(lastSync) : OFFLINE_MSG.neverSynced}
        </span>
        {entries.length > 0 && <Badge tone="yellow">{pendingCountLabel(entries.length)}</Badge>}
        {entries.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            className="ml-auto min-h-11"
            loading={syncing}
            disabled={!online}
            icon={<RefreshCw className="size-4" aria-hidden="true" />}
            onClick={() => void sync()}
          >
            {OFFLINE_MSG.sync}
          </Button>
        )}
      </div>
      {entries.length > 0 && (
        <Suspense fallback={null}>
          <PendingEntries entries={entries} />
        </Suspense>
      )}
    </div>
  );
}
