import { type Dispatch, type SetStateAction, useCallback } from 'react';

/**
 * The page of a list whose filters are one state object, as the setter usePageInRange and the pager take: one
 * function for the component's life, and the same state back when the page does not change. A new setter or a
 * new object on every render would make usePageInRange's effect render the screen again without end.
 */
export function usePageOf<F extends { page: number }>(setFilters: Dispatch<SetStateAction<F>>) {
  return useCallback(
    (next: SetStateAction<number>) =>
      setFilters((f) => {
        const page = typeof next === 'function' ? next(f.page) : next;
        return page === f.page ? f : { ...f, page };
      }),
    [setFilters],
  );
}
