/** Where background work reports a failure: the app's logger. */
export interface BackgroundLog {
  error: (obj: unknown, msg: string) => void;
}

/**
 * Work that runs after the answer (the e-mails of a committed change), so a slow mail server never holds
 * a screen: a failure is logged as `failure`, never thrown; `idle()` waits for what is under way (the
 * app's close, tests).
 */
export function createBackground(log: BackgroundLog, failure: string) {
  const pending = new Set<Promise<void>>();
  return {
    run(work: () => Promise<void>): void {
      const task: Promise<void> = work()
        .catch((err) => log.error({ err }, failure))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
