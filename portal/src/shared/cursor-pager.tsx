import { useLingui } from '@lingui/react/macro';
import { Pagination } from '@tidewatch/ui';
import { useState } from 'react';
import { formatNumber } from '../lib/format';

/** A cursor-paged list's place: the cursors walked so far, kept in the URL. */
export interface CursorTrail {
  cursors?: string[];
}

/** How many rows a list has over all its pages; `estimate` when the database guessed (read "about"). */
export interface ListTotal {
  count: number;
  estimate: boolean;
}

/** What a list call answers about its total: on the first page only. */
interface PageTotal {
  total?: number | null;
  total_is_estimate?: boolean;
}

/**
 * A cursor-paged list's total: the API counts it on the first page only, so later pages of the same
 * query keep the one seen there; null while not known (a later page opened directly).
 */
export function useListTotal(query: { cursor?: string }, page: PageTotal | undefined): ListTotal | null {
  const key = JSON.stringify({ ...query, cursor: undefined });
  const [known, setKnown] = useState<{ key: string; total: ListTotal } | null>(null);
  const answered =
    page?.total != null ? { count: page.total, estimate: page.total_is_estimate ?? false } : null;
  if (
    answered &&
    (known?.key !== key || known.total.count !== answered.count || known.total.estimate !== answered.estimate)
  )
    setKnown({ key, total: answered });
  if (answered) return answered;
  return known?.key === key ? known.total : null;
}

/**
 * Previous and next through a cursor-paged list: next adds the answer's cursor to the trail,
 * previous drops the last one; the summary places the rows shown within the total, when known.
 */
export function CursorPager<View extends CursorTrail>({
  label,
  view,
  onViewChange,
  pageSize,
  rowCount,
  total,
  nextCursor,
  loading,
}: {
  label: string;
  view: View;
  onViewChange(view: View): void;
  pageSize: number;
  rowCount: number;
  /** Null while not known yet. */
  total: ListTotal | null;
  nextCursor: string | null | undefined;
  /** The rows shown are the previous page's while the next one loads. */
  loading: boolean;
}) {
  const { t, i18n } = useLingui();
  const pageIndex = view.cursors?.length ?? 0;
  const from = formatNumber(pageIndex * pageSize + 1, i18n.locale);
  const to = formatNumber(pageIndex * pageSize + rowCount, i18n.locale);
  let summary: string | undefined;
  if (loading) summary = t`Loading…`;
  else if (rowCount > 0 && total?.estimate)
    summary = t`Showing ${from}–${to} of about ${formatNumber(total.count, i18n.locale)}`;
  else if (rowCount > 0 && total)
    summary = t`Showing ${from}–${to} of ${formatNumber(total.count, i18n.locale)}`;
  else if (rowCount > 0) summary = t`Showing ${from}–${to}`;
  return (
    <Pagination
      label={label}
      summary={summary}
      previousLabel={t`Previous`}
      nextLabel={t`Next`}
      hasPrevious={pageIndex > 0}
      hasNext={Boolean(nextCursor) && !loading}
      onPrevious={() => {
        const cursors = view.cursors?.slice(0, -1);
        onViewChange({ ...view, cursors: cursors?.length ? cursors : undefined });
      }}
      onNext={() => {
        if (nextCursor) onViewChange({ ...view, cursors: [...(view.cursors ?? []), nextCursor] });
      }}
    />
  );
}
