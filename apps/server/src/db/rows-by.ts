/**
 * The rows of a child table by their parent's id (an order's descriptions, an equipment's orders), each
 * parent's rows in the order read, the parent's id taken off them; a row without a parent is left out.
 */
export function rowsBy<Key extends string, Row extends { [K in Key]: number | null }>(
  rows: readonly Row[],
  key: Key,
): Map<number, Omit<Row, Key>[]> {
  const byParent = new Map<number, Omit<Row, Key>[]>();
  for (const { [key]: parent, ...rest } of rows) {
    if (parent === null) continue;
    const list = byParent.get(parent) ?? [];
    list.push(rest);
    byParent.set(parent, list);
  }
  return byParent;
}
