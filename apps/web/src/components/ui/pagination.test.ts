import { describe, expect, it } from 'vitest';
import { clampPage, pageCountOf, pageList } from './page-list';

describe('pageCountOf', () => {
  it('counts whole pages of the given size (clients: 7 per page)', () => {
    expect(pageCountOf(7, 7)).toBe(1);
    expect(pageCountOf(8, 7)).toBe(2);
    expect(pageCountOf(70, 7)).toBe(10);
  });

  it('gives one page for an empty list or a nonsense size', () => {
    expect(pageCountOf(0, 7)).toBe(1);
    expect(pageCountOf(10, 0)).toBe(1);
    expect(pageCountOf(Number.NaN, 7)).toBe(1);
  });
});

describe('clampPage', () => {
  it('keeps the page between 1 and the last page', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-9, 5)).toBe(1);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(15, 5)).toBe(5);
  });

  it('handles the jumps past either end', () => {
    expect(clampPage(3 - 10, 12)).toBe(1);
    expect(clampPage(8 + 10, 12)).toBe(12);
  });

  it('treats a missing page or no pages as page 1', () => {
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(4, 0)).toBe(1);
  });
});

describe('pageList', () => {
  it('lists every page when they all fit', () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageList(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('puts an ellipsis at the end near the first page', () => {
    expect(pageList(1, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10]);
    expect(pageList(4, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10]);
  });

  it('puts ellipses on both sides in the middle', () => {
    expect(pageList(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageList(50, 100)).toEqual([1, 'ellipsis-start', 49, 50, 51, 'ellipsis-end', 100]);
  });

  it('puts an ellipsis at the start near the last page', () => {
    expect(pageList(7, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
    expect(pageList(10, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
  });

  it('never hides a single page behind an ellipsis', () => {
    expect(pageList(1, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 8]);
    for (let total = 1; total <= 30; total++) {
      for (let page = 1; page <= total; page++) {
        const items = pageList(page, total);
        items.forEach((item, index) => {
          if (typeof item === 'number') return;
          const before = items[index - 1] as number;
          const after = items[index + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
      }
    }
  });

  it('always shows the first, the last and the current page, with a constant length', () => {
    for (let page = 1; page <= 40; page++) {
      const items = pageList(page, 40);
      expect(items[0]).toBe(1);
      expect(items.at(-1)).toBe(40);
      expect(items).toContain(page);
      expect(items).toHaveLength(7);
    }
  });

  it('clamps a page outside the range', () => {
    expect(pageList(0, 10)).toEqual(pageList(1, 10));
    expect(pageList(99, 10)).toEqual(pageList(10, 10));
  });

  it('widens the window with more siblings', () => {
    expect(pageList(10, 20, 2)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end', 20]);
  });
});
