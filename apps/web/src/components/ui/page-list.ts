import { CLIENT_PAGE_JUMP } from '@os/shared';

/** The jump of the '-10' / '+10' buttons (docs/rules.md#constants). */
export const PAGE_JUMP = CLIENT_PAGE_JUMP;

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** How many pages `totalItems` fill at `pageSize` per page; at least 1, so an empty list still has page 1. */
export function pageCountOf(totalItems: number, pageSize: number): number {
  if (!Number.isFinite(totalItems) || !Number.isFinite(pageSize) || totalItems <= 0 || pageSize <= 0) return 1;
  return Math.ceil(totalItems / pageSize);
}

/** docs/rules.md#states: the page is clamped between 1 and the last page. Anything not a number becomes page 1. */
export function clampPage(page: number, pageCount: number): number {
  const last = Math.max(1, Math.floor(pageCount) || 1);
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), last);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/**
 * The page buttons to draw: always the first and the last page, `siblings` pages either side of the
 * current one, and an ellipsis where pages are left out. The list keeps the same length
 * (2 * siblings + 5) once there are more pages than that, so the buttons do not jump around.
 * An ellipsis never stands for a single page: that page is shown instead.
 *
 * pageList(1, 10) -> [1, 2, 3, 4, 5, 'ellipsis-end', 10]
 * pageList(5, 10) -> [1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]
 */
export function pageList(currentPage: number, pageCount: number, siblings = 1): PageItem[] {
  const last = Math.max(1, Math.floor(pageCount) || 1);
  const current = clampPage(currentPage, last);
  const slots = 2 * siblings + 5;
  if (last <= slots) return range(1, last);

  const left = Math.max(current - siblings, 2);
  const right = Math.min(current + siblings, last - 1);
  const showStartEllipsis = left > 3;
  const showEndEllipsis = right < last - 2;

  if (!showStartEllipsis) return [...range(1, slots - 2), 'ellipsis-end', last];
  if (!showEndEllipsis) return [1, 'ellipsis-start', ...range(last - (slots - 3), last)];
  return [1, 'ellipsis-start', ...range(left, right), 'ellipsis-end', last];
}
