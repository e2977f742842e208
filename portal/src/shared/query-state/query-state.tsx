import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, EmptyState, Skeleton } from '@tidewatch/ui';
import { RotateCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { refusalText } from '../../lib/refusals';
import * as styles from './query-state.css';

type Query<T> = Pick<UseQueryResult<T>, 'data' | 'error' | 'isFetching' | 'refetch'>;
/** What a failed state needs of a load: why it failed, whether it is asking again, and how to ask. */
type Failure = Pick<Query<unknown>, 'error' | 'isFetching'> & { refetch: () => Promise<unknown> };
/** A load a page waits on: failed when it has an error and nothing to show. */
type Load = Failure & { data: unknown };

/**
 * The loads a page needs together, as one failure: the first one's reason, and a Retry that asks
 * again for every load that failed, so one click brings the page back rather than one per load.
 */
export function together(...loads: Load[]): Failure {
  const failed = loads.filter((load) => load.error && load.data === undefined);
  return {
    error: failed[0]?.error ?? null,
    isFetching: failed.some((load) => load.isFetching),
    refetch: () => Promise.all(failed.map((load) => load.refetch())),
  };
}

/** Stand-in lines while a query loads, marked so a page never passes a load for its content. */
export function LoadingState({ lines = 3 }: { lines?: number }) {
  return (
    <div className={styles.loading} data-state="loading" aria-busy="true">
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are identical and never reorder
        <Skeleton key={index} height="1.25em" width={index === lines - 1 ? '60%' : '100%'} />
      ))}
    </div>
  );
}

/**
 * What failed to load, why, and a Retry that asks again; `title` says what, e.g. "Could not load the tags".
 * `inline` is one line for a control's own list (a filter, a picker, the sidebar): the reason is its tooltip.
 */
export function FailedState({
  title,
  query,
  inline = false,
  children,
}: {
  title: ReactNode;
  query: Failure;
  inline?: boolean;
  children?: ReactNode;
}) {
  // The server's reason, in the reader's language, again when the language changes.
  useLingui();
  const reason = query.error ? refusalText(query.error) : undefined;
  if (inline)
    return (
      <div role="alert" data-state="failed" className={styles.inline} title={reason}>
        <TriangleAlert size={16} aria-hidden="true" className={styles.inlineIcon} />
        <span className={styles.inlineTitle}>{title}</span>
        <Button
          variant="ghost"
          size="sm"
          icon={<RotateCw size={14} aria-hidden="true" />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          <Trans>Retry</Trans>
        </Button>
      </div>
    );
  return (
    <div role="alert" data-state="failed" className={styles.failed}>
      <EmptyState icon={<TriangleAlert size={32} aria-hidden="true" />} title={title}>
        {reason && <p className={styles.reason}>{reason}</p>}
        <div className={styles.actions}>
          <Button
            variant="secondary"
            icon={<RotateCw size={16} aria-hidden="true" />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            <Trans>Retry</Trans>
          </Button>
          {children}
        </div>
      </EmptyState>
    </div>
  );
}

/**
 * The three states of a query in one place: loading (a skeleton unless the page has its own),
 * failed (with Retry), empty (what to do next) and the data. Data already shown stays when a
 * later refetch fails.
 */
export function QueryState<T>({
  query,
  failed,
  loading,
  empty,
  isEmpty = defaultIsEmpty,
  children,
}: {
  query: Query<T>;
  failed: ReactNode;
  loading?: ReactNode;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.data === undefined) {
    if (query.error) return <FailedState title={failed} query={query} />;
    return loading ?? <LoadingState />;
  }
  if (empty !== undefined && isEmpty(query.data)) return <div data-state="empty">{empty}</div>;
  return children(query.data);
}

const defaultIsEmpty = (data: unknown) => Array.isArray(data) && data.length === 0;
