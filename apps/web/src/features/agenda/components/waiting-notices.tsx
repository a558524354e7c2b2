import { AGENDA_MSG, type AgendaOrder, padNumber } from '@os/shared';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useNotifyNow } from '../api/agenda';

/** Whole minutes until `avisoEm` (at least 1 while it waits). */
export function minutesUntil(avisoEm: string, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(avisoEm) - now) / 60_000));
}

/**
 * The orders of the period whose notice waits for the plan to settle (docs/rules.md#notices-that-settle):
 * 'Aviso em N min' and 'Avisar agora', which sends it at once.
 */
export function WaitingNotices({ orders }: { orders: AgendaOrder[] }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const notify = useNotifyNow();
  const waiting = orders.filter((o) => o.avisoEm && Date.parse(o.avisoEm) > now);
  if (!waiting.length) return null;
  return (
    <section
      aria-label={AGENDA_MSG.noticesTitle}
      className="mb-3 rounded-md border border-amber-400 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 className="mb-1 flex items-center gap-1 font-semibold">
        <BellRing className="size-4" aria-hidden="true" />
        {AGENDA_MSG.noticesTitle}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {waiting.map((o) => (
          <li key={o.id} className="flex items-center gap-2">
            <span className="tabular-nums">
              OS {padNumber(o.numero)} · {AGENDA_MSG.noticeIn(minutesUntil(o.avisoEm!, now))}
            </span>
            <Button
              variant="secondary"
              className="max-sm:min-h-11"
              disabled={notify.isPending}
              aria-label={`${AGENDA_MSG.notifyNow}: OS ${padNumber(o.numero)}`}
              onClick={() =>
                notify.mutate(o.id, {
                  onSuccess: (r) => (r.enviado ? toast.success(AGENDA_MSG.notified) : toast.info(AGENDA_MSG.nothingWaiting)),
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              {AGENDA_MSG.notifyNow}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
