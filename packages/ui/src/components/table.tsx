import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Fragment, type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { Checkbox } from './checkbox';
import { Skeleton } from './feedback';
import * as styles from './table.css';
import type { TableSort } from './table-sort';
import { visuallyHidden } from './visually-hidden.css';

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

const SKELETON_ROWS = 5;

/**
 * Whether the rows are shown stacked, a card per row: when the columns do not fit the box side by
 * side. The table is measured again as a table whenever its rows change; while stacked, it comes
 * back once the box is as wide as the table needed.
 */
function useStackedRows(
  box: RefObject<HTMLElement | null>,
  table: RefObject<HTMLTableElement | null>,
  /** Changes when other rows or columns are shown. */
  content: string,
) {
  const [stacked, setStacked] = useState(false);
  const needed = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: other rows may fit where the last ones did not
  useLayoutEffect(() => setStacked(false), [content]);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      if (!stacked && (table.current?.offsetWidth ?? 0) > width + 1) {
        needed.current = table.current?.offsetWidth ?? 0;
        setStacked(true);
      } else if (stacked && width >= needed.current) setStacked(false);
    };
    measure();
    // Measured in the next frame, so the switch does not resize the box inside the observer's own callback.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    observer.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [box, table, stacked]);
  return stacked;
}

/**
 * A dense data table: sticky header, sortable headers (`aria-sort` on the sorted one; the parent
 * owns the sort, usually in the URL), optional row selection with a select-all checkbox, and
 * loading (skeleton rows, or dimmed rows while a new page loads) and empty states. When its columns
 * do not fit side by side (a phone, or many columns beside the sidebar) every row becomes a card of
 * "column: value" lines and the sortable headers a row of sort buttons, so nothing hides sideways.
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
  detail,
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
  /**
   * A row's own panel, under it across every column (a delivery's attempts), as wide as the box
   * however wide the columns are; none while it answers null.
   */
  detail?(row: Row): ReactNode;
  /** Of the scroll box, so the sticky header stays in view. */
  maxHeight?: string;
}) {
  const keys = rows.map(rowKey);
  const selectedHere = selection ? keys.filter((key) => selection.selected.has(key)).length : 0;
  const allSelected = rows.length > 0 && selectedHere === rows.length;
  const width = columns.length + (selection ? 1 : 0);
  const box = useRef<HTMLElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const stacked = useStackedRows(
    box,
    tableRef,
    `${columns.map((column) => column.id).join(' ')}\n${keys.join('\n')}`,
  );

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
    <section
      ref={box}
      className={styles.scroller}
      style={stacked ? undefined : { maxHeight }}
      aria-label={label}
      // A scrollable region must be reachable by keyboard to scroll it; stacked rows do not scroll.
      tabIndex={stacked ? undefined : 0}
      data-stacked={stacked || undefined}
    >
      <table ref={tableRef} className={styles.table} aria-busy={loading || undefined}>
        <caption className={showCaption ? styles.caption : visuallyHidden}>{label}</caption>
        <thead className={styles.head}>
          <tr className={styles.headRow}>
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
                    column.sortable && onSort && styles.sortableHeader,
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
            const panel = detail?.(row) ?? null;
            return (
              <Fragment key={key}>
                <tr className={styles.row} data-selected={selected || undefined}>
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
                      column.rowHeader
                        ? styles.rowHeaderCell
                        : column.hideHeader
                          ? styles.unlabelledCell
                          : styles.cell,
                      column.numeric && styles.numeric,
                      column.pinEnd && styles.pinnedEnd,
                    ]
                      .filter(Boolean)
                      .join(' ');
                    if (column.rowHeader)
                      return (
                        <th key={column.id} scope="row" className={className}>
                          {column.cell(row)}
                        </th>
                      );
                    // A card names each value; the table's header cells still do for screen readers.
                    return stacked && !column.hideHeader ? (
                      <td key={column.id} className={className}>
                        <span className={styles.cardLabel} aria-hidden="true">
                          {column.header}
                        </span>
                        <div className={styles.cardValue}>{column.cell(row)}</div>
                      </td>
                    ) : (
                      <td key={column.id} className={className}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
                {panel !== null && (
                  <tr className={styles.detailRow}>
                    <td colSpan={width} className={styles.detailCell}>
                      <div className={styles.detailContent}>{panel}</div>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
