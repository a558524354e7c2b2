import type { ReactNode } from 'react';

/** What failed, in red, read out at once (role alert): a list that did not load, a camera that did not start. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {children}
    </p>
  );
}
