import type { TableSort } from './components/table-sort';

/** A list sorted in the browser by one of its columns; empty values go last either way. */
export function sortRows<Row>(
  rows: readonly Row[],
  sort: TableSort,
  columnValues: Record<string, (row: Row) => string | number | null | undefined>,
): Row[] {
  const value = columnValues[sort.column];
  if (!value) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    if (left == null || right == null) return left == null ? (right == null ? 0 : 1) : -1;
    return (
      sign *
      (typeof left === 'number' && typeof right === 'number'
        ? left - right
        : String(left).localeCompare(String(right), undefined, { numeric: true }))
    );
  });
}
