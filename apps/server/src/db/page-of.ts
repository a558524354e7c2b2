/**
 * One page of a list and the list's total (the answer's X-Total-Count): `total` counts the rows, then `rows`
 * (the sorted select) is read at the page's limit and offset.
 */
export async function pageOf<Row>(
  total: PromiseLike<{ n: number }[]>,
  rows: { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } },
  page: { limit: number; offset?: number },
): Promise<{ rows: Row[]; total: number }> {
  const [counted] = await total;
  return { rows: await rows.limit(page.limit).offset(page.offset ?? 0), total: counted?.n ?? 0 };
}
