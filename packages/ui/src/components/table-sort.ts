export type SortDirection = 'ascending' | 'descending';
export interface TableSort {
  column: string;
  direction: SortDirection;
}

/** The sort a click on a column's header asks for: ascending first, then the other way round. */
export function nextSort(current: TableSort | undefined, column: string): TableSort {
  return current?.column === column && current.direction === 'ascending'
    ? { column, direction: 'descending' }
    : { column, direction: 'ascending' };
}

/** A list's sort parameter (`column`, or `-column` for descending) as the table shows it. */
export function tableSortFromParam(param: string): TableSort {
  return param.startsWith('-')
    ? { column: param.slice(1), direction: 'descending' }
    : { column: param, direction: 'ascending' };
}

/** The table's sort as a list's sort parameter, when the list sorts by that column. */
export function sortParamOf<Sort extends string>(
  sort: TableSort,
  allowed: readonly Sort[],
): Sort | undefined {
  const param = `${sort.direction === 'descending' ? '-' : ''}${sort.column}`;
  return (allowed as readonly string[]).includes(param) ? (param as Sort) : undefined;
}
