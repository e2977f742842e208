import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Checkbox } from './checkbox';
import { Skeleton } from './feedback';
import * as styles from './table.css';
import { visuallyHidden } from './visually-hidden.css';

export type SortDirection = 'ascending' | 'descending';
export interface TableSort {
  column: string;
  direction: SortDirection;
}

export interface TableColumn<Row> {
  /** Unique among the columns; the value `onSort` gets. */
  id: string;
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** The header becomes a button that asks for this column's sort. */
  sortable?: boolean;
  /** Numbers: aligned right. */
  numeric?: boolean;
  /** This column names the row (a `th scope="row"`), e.g. a certname. */
  rowHeader?: boolean;
  /** Header text only for screen readers (an actions column). */
  hideHeader?: boolean;
  /** Stays in view at the right edge while the table scrolls sideways (a row's actions). */
  pinEnd?: boolean;
}

export interface TableSelection<Row> {
  /** Keys (from `rowKey`) of the selected rows. */
  selected: ReadonlySet<string>;
  onChange(selected: Set<string>): void;
  /** A row checkbox's label, e.g. "Select web-01.acmecorp". */
  rowLabel(row: Row): string;
  /** The header checkbox's label, e.g. "Select all servers on this page". */
  allLabel: string;
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

const SKELETON_ROWS = 5;

/**
 * A dense data table: sticky header, sortable headers (`aria-sort` on the sorted one; the parent
 * owns the sort, usually in the URL), optional row selection with a select-all checkbox, and
 * loading (skeleton rows, or dimmed rows while a new page loads) and empty states.
 */
export function Table<Row>({
  label,
  showCaption = false,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  selection,
  loading = false,
  empty,
  maxHeight = '70vh',
}: {
  /** The table's name (its caption), also the scroll region's. */
  label: string;
  showCaption?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  sort?: TableSort;
  onSort?(column: string): void;
  selection?: TableSelection<Row>;
  loading?: boolean;
  /** Shown in place of rows when there are none and nothing is loading. */
  empty?: ReactNode;
  /** Of the scroll box, so the sticky header stays in view. */
  maxHeight?: string;
}) {
  const keys = rows.map(rowKey);
  const selectedHere = selection ? keys.filter((key) => selection.selected.has(key)).length : 0;
  const allSelected = rows.length > 0 && selectedHere === rows.length;
  const width = columns.length + (selection ? 1 : 0);

  function toggleAll() {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const key of keys) {
      if (allSelected) next.delete(key);
      else next.add(key);
    }
    selection.onChange(next);
  }

  function toggle(key: string, checked: boolean) {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(key);
    else next.delete(key);
    selection.onChange(next);
  }

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it
    <section className={styles.scroller} style={{ maxHeight }} aria-label={label} tabIndex={0}>
      <table className={styles.table} aria-busy={loading || undefined}>
        <caption className={showCaption ? styles.caption : visuallyHidden}>{label}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className={`${styles.headerCell} ${styles.selectCell}`}>
                <Checkbox
                  label={selection.allLabel}
                  hideLabel
                  checked={allSelected}
                  indeterminate={selectedHere > 0 && !allSelected}
                  disabled={rows.length === 0}
                  onChange={toggleAll}
                />
              </th>
            )}
            {columns.map((column) => {
              const direction = sort?.column === column.id ? sort.direction : undefined;
              const SortIcon =
                direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={direction}
                  className={[
                    styles.headerCell,
                    column.numeric && styles.numeric,
                    column.pinEnd && styles.pinnedEnd,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  {column.sortable && onSort ? (
                    <button type="button" className={styles.sortButton} onClick={() => onSort(column.id)}>
                      {column.header}
                      <SortIcon size={14} aria-hidden="true" />
                    </button>
                  ) : column.hideHeader ? (
                    <span className={visuallyHidden}>{column.header}</span>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={styles.body}>
          {rows.length === 0 && loading
            ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to tell them apart
                <tr key={index}>
                  {Array.from({ length: width }, (_, cell) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above
                    <td key={cell} className={styles.cell}>
                      <Skeleton />
                    </td>
                  ))}
                </tr>
              ))
            : rows.length === 0 && (
                <tr>
                  <td colSpan={width} className={styles.emptyCell}>
                    <div className={styles.emptyContent}>{empty}</div>
                  </td>
                </tr>
              )}
          {rows.map((row, index) => {
            const key = keys[index] as string;
            const selected = selection?.selected.has(key) ?? false;
            return (
              <tr key={key} className={styles.row} data-selected={selected || undefined}>
                {selection && (
                  <td className={`${styles.cell} ${styles.selectCell}`}>
                    <Checkbox
                      label={selection.rowLabel(row)}
                      hideLabel
                      checked={selected}
                      onChange={(event) => toggle(key, event.target.checked)}
                    />
                  </td>
                )}
                {columns.map((column) => {
                  const className = [
                    column.rowHeader ? styles.rowHeaderCell : styles.cell,
                    column.numeric && styles.numeric,
                    column.pinEnd && styles.pinnedEnd,
                  ]
                    .filter(Boolean)
                    .join(' ');
                  return column.rowHeader ? (
                    <th key={column.id} scope="row" className={className}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={className}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
