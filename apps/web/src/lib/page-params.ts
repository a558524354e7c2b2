type Filter = string | number | boolean | null | undefined;

/**
 * The query of page `page` (the first is 1) of a server-paged list (docs/api.md#conventions): `limit` and
 * `offset`, then each filter that has a value (empty text, 0, false and null are left out).
 */
export function pageParams(page: number, pageSize: number, filters: Record<string, Filter> = {}): URLSearchParams {
  const params = new URLSearchParams({ limit: String(pageSize), offset: String((page - 1) * pageSize) });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, String(value));
  return params;
}
