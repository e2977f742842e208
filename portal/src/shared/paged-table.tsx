import type { UseQueryResult } from '@tanstack/react-query';
import { Table } from '@tidewatch/ui';
import type { ComponentProps, ReactNode } from 'react';
import { CursorPager, type CursorTrail, useListTotal } from './cursor-pager';
import { FailedState } from './query-state/query-state';

/** What a cursor-paged list call answers. */
interface ListPage<Row> {
  data: Row[];
  next_cursor: string | null;
  total?: number | null;
  total_is_estimate?: boolean;
}

/**
 * A cursor-paged list: its rows in a table, which says the load failed (with Retry) or shows
 * `empty` when there are none, and previous and next below with the total the first page counted.
 */
export function PagedTable<Row, View extends CursorTrail>({
  list,
  query,
  failedTitle,
  empty,
  pager,
  ...table
}: Omit<ComponentProps<typeof Table<Row>>, 'rows' | 'loading' | 'empty'> & {
  list: UseQueryResult<ListPage<Row>>;
  /** The list call's query: a total is kept across the pages of one query. */
  query: { cursor?: string };
  failedTitle: string;
  empty: ReactNode;
  pager: { label: string; view: View; onViewChange(view: View): void; pageSize: number };
}) {
  const rows = list.data?.data ?? [];
  const total = useListTotal(query, list.data);
  return (
    <>
      <Table
        {...table}
        rows={rows}
        loading={list.isPending || list.isPlaceholderData}
        empty={list.isError ? <FailedState title={failedTitle} query={list} /> : empty}
      />
      <CursorPager
        {...pager}
        rowCount={rows.length}
        total={total}
        nextCursor={list.data?.next_cursor}
        loading={list.isPlaceholderData}
      />
    </>
  );
}
