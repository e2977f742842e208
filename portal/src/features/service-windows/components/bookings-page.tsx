import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ServiceWindow } from '@tidewatch/contract';
import { formatDuration, WINDOW_STATUSES, type WindowStatus } from '@tidewatch/domain';
import { Button, EmptyState, RowActions, Select, StatusBadge, type TableColumn, Tabs } from '@tidewatch/ui';
import { addDays, format, parseISO, startOfWeek } from 'date-fns';
import { CalendarClock, ChevronLeft, ChevronRight, CircleSlash } from 'lucide-react';
import { useState } from 'react';
import { PagedTable } from '../../../shared/paged-table';
import { FailedState, LoadingState } from '../../../shared/query-state/query-state';
import { configurationsQueryOptions, PAGE_SIZE, windowsQueryOptions } from '../api/service-windows';
import { BOOKING_PERIODS, type BookingPeriod, type BookingsView, bookingsQueryOf } from '../bookings-view';
import { CalendarFeedCard } from './calendar-feed-card';
import { ExemptionDialog } from './exemption-dialog';
import { SKIP_STATE, WINDOW_STATUS, WINDOW_TYPE, windowSpan } from './labels';
import { OutcomeDialog } from './outcome-dialog';
import * as styles from './service-windows.css';
import { ClockChangeNote, ZonedStart } from './window-time';

/**
 * /customer/service-window/bookings: windows as a list or a week, in the reader's zone with each
 * window's own; the filters, the view and the week live in the address.
 */
export function BookingsPage({
  customerId,
  canManageFeed,
  canAskToSkip,
  view,
  onViewChange,
}: {
  customerId: string;
  canManageFeed: boolean;
  /** Offered only to those the server lets ask (finance reads other customers' windows, never asks). */
  canAskToSkip: boolean;
  view: BookingsView;
  onViewChange(view: BookingsView): void;
}) {
  const { t } = useLingui();
  const [skipping, setSkipping] = useState<ServiceWindow | null>(null);
  /** A changed filter starts again from the first page. */
  const filter = (next: Partial<BookingsView>) => onViewChange({ ...view, ...next, cursors: undefined });
  const periodLabels: Record<BookingPeriod, string> = {
    upcoming: t`Upcoming`,
    past: t`Past, latest first`,
    all: t`All, earliest first`,
  };
  const groups = useQuery(configurationsQueryOptions(customerId));
  return (
    <div className={styles.stack}>
      <div className={styles.filters}>
        <div className={styles.filter}>
          <Select
            label={<Trans>Update group</Trans>}
            value={view.group ?? ''}
            onChange={(event) => filter({ group: event.target.value || undefined })}
          >
            <option value="">{t`All groups`}</option>
            {(groups.data ?? []).map((item) => (
              <option key={item.group.id} value={item.group.id}>
                {item.group.name}
              </option>
            ))}
          </Select>
        </div>
        <StatusFilter value={view.status} onChange={(status) => filter({ status })} />
        {view.view !== 'week' && (
          <div className={styles.filter}>
            <Select
              label={<Trans>When</Trans>}
              value={view.period ?? 'upcoming'}
              onChange={(event) =>
                filter({
                  period:
                    event.target.value === 'upcoming' ? undefined : (event.target.value as BookingPeriod),
                })
              }
            >
              {BOOKING_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {periodLabels[period]}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>
      {groups.isError && <FailedState inline title={t`Could not load the update groups`} query={groups} />}
      <Tabs
        label={t`Bookings view`}
        initial={view.view ?? 'list'}
        onSelect={(id) => onViewChange({ ...view, view: id === 'week' ? 'week' : undefined })}
        items={[
          {
            id: 'list',
            label: <Trans>List</Trans>,
            panel: (
              <WindowList
                customerId={customerId}
                view={view}
                onViewChange={onViewChange}
                periodLabel={periodLabels[view.period ?? 'upcoming']}
                onSkip={canAskToSkip ? setSkipping : undefined}
              />
            ),
          },
          {
            id: 'week',
            label: <Trans>Week</Trans>,
            panel: (
              <WeekCalendar
                customerId={customerId}
                view={view}
                onWeekChange={(monday) => onViewChange({ ...view, week: format(monday, 'yyyy-MM-dd') })}
              />
            ),
          },
        ]}
      />
      <CalendarFeedCard customerId={customerId} canManage={canManageFeed} />
      <ExemptionDialog customerId={customerId} window={skipping} onClose={() => setSkipping(null)} />
    </div>
  );
}

function StatusFilter({
  value,
  onChange,
}: {
  value?: WindowStatus | undefined;
  onChange(status?: WindowStatus): void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  return (
    <div className={styles.filter}>
      <Select
        label={<Trans>Status</Trans>}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || undefined) as WindowStatus | undefined)}
      >
        <option value="">{t`Any status`}</option>
        {WINDOW_STATUSES.map((status) => (
          <option key={status} value={status}>
            {i18n._(WINDOW_STATUS[status].label)}
          </option>
        ))}
      </Select>
    </div>
  );
}

function WindowStatusBadge({ status }: { status: WindowStatus }) {
  const { i18n } = useLinguiCore();
  return <StatusBadge tone={WINDOW_STATUS[status].tone}>{i18n._(WINDOW_STATUS[status].label)}</StatusBadge>;
}

/** The window's status and where each skip asked for it stands. */
function WindowState({ window }: { window: ServiceWindow }) {
  const { i18n } = useLinguiCore();
  const skips = (Object.keys(SKIP_STATE) as (keyof typeof SKIP_STATE)[]).filter(
    (state) => window.skip_requests[state] > 0,
  );
  return (
    <span className={styles.skipBadges}>
      <WindowStatusBadge status={window.status} />
      {skips.map((state) => (
        <StatusBadge key={state} tone={SKIP_STATE[state].tone}>
          {i18n._(SKIP_STATE[state].label)}
          {window.skip_requests[state] > 1 && ` (${window.skip_requests[state]})`}
        </StatusBadge>
      ))}
    </span>
  );
}

function WindowList({
  customerId,
  view,
  onViewChange,
  periodLabel,
  onSkip,
}: {
  customerId: string;
  view: BookingsView;
  onViewChange(view: BookingsView): void;
  periodLabel: string;
  /** Absent for those who may not ask to skip a window. */
  onSkip?: (window: ServiceWindow) => void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  // The bound moves at midnight only, so the query (and its cache entry) stays the same all day.
  const query = bookingsQueryOf(view);
  const list = useQuery({
    ...windowsQueryOptions(customerId, query),
    placeholderData: keepPreviousData,
    meta: { errorMessage: t`Could not load the bookings` },
  });
  const [showing, setShowing] = useState<ServiceWindow | null>(null);
  const columns: TableColumn<ServiceWindow>[] = [
    {
      id: 'when',
      header: t`When (your time)`,
      rowHeader: true,
      cell: (window) => windowSpan(window.starts_at, window.ends_at, i18n.locale),
    },
    {
      id: 'zone',
      header: t`Window's own time`,
      cell: (window) => (
        <>
          <ZonedStart startsAt={window.starts_at} timeZone={window.timezone} locale={i18n.locale} />
          <ClockChangeNote window={window} />
        </>
      ),
    },
    { id: 'group', header: t`Group`, cell: (window) => window.group?.name ?? '—' },
    { id: 'type', header: t`Type`, cell: (window) => i18n._(WINDOW_TYPE[window.type]) },
    { id: 'duration', header: t`Duration`, cell: (window) => formatDuration(window.duration_minutes) },
    {
      id: 'targets',
      header: t`Targets`,
      numeric: true,
      cell: (window) => {
        const active = window.targets.filter((target) => !target.exempted).length;
        const reported = window.targets.filter((target) => target.reported_at).length;
        return window.status === 'scheduled' ? (
          active
        ) : (
          <Button
            variant="ghost"
            size="sm"
            className={styles.countButton}
            aria-label={t`What each machine reported in the window ${windowSpan(window.starts_at, window.ends_at, i18n.locale)}: ${reported} of ${active} done`}
            onClick={() => setShowing(window)}
          >
            {t`${reported} of ${active} done`}
          </Button>
        );
      },
    },
    { id: 'status', header: t`Status`, cell: (window) => <WindowState window={window} /> },
    {
      id: 'actions',
      header: t`Actions`,
      hideHeader: true,
      pinEnd: true,
      cell: (window) =>
        window.status === 'scheduled' && onSkip ? (
          <RowActions
            label={t`Actions for the window ${windowSpan(window.starts_at, window.ends_at, i18n.locale)}`}
            actions={[
              {
                id: 'skip',
                label: <Trans>Ask to skip</Trans>,
                name: t`Ask to skip this window`,
                icon: <CircleSlash size={14} aria-hidden="true" />,
                onSelect: () => onSkip(window),
              },
            ]}
          />
        ) : null,
    },
  ];
  return (
    <div className={styles.stack}>
      <PagedTable
        label={t`Bookings`}
        columns={columns}
        rowKey={(window) => window.id}
        list={list}
        query={query}
        failedTitle={t`Could not load the bookings`}
        pager={{ label: t`Booking pages`, view, onViewChange, pageSize: PAGE_SIZE }}
        empty={
          <EmptyState
            icon={<CalendarClock size={32} aria-hidden="true" />}
            title={<Trans>No windows booked</Trans>}
          >
            <p>
              <Trans>Nothing matches: {periodLabel}.</Trans>{' '}
              <Trans>Windows appear here once an update group has a configuration, or staff book one.</Trans>
            </p>
          </EmptyState>
        }
      />
      <OutcomeDialog window={showing} onClose={() => setShowing(null)} />
    </div>
  );
}

/** Seven days from Monday in the reader's zone, each window on the day it starts. */
function WeekCalendar({
  customerId,
  view,
  onWeekChange,
}: {
  customerId: string;
  view: BookingsView;
  onWeekChange(monday: Date): void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const monday = startOfWeek(view.week ? parseISO(view.week) : new Date(), { weekStartsOn: 1 });
  const sunday = addDays(monday, 7);
  const week = useQuery({
    ...windowsQueryOptions(customerId, {
      tagId: view.group,
      status: view.status,
      from: monday.toISOString(),
      until: sunday.toISOString(),
      limit: 200,
    }),
    meta: { errorMessage: t`Could not load the week` },
  });
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const dayLabel = new Intl.DateTimeFormat(i18n.locale, { weekday: 'long', day: 'numeric', month: 'short' });
  const time = new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit' });
  const range = dayLabel.formatRange(monday, addDays(monday, 6));
  return (
    <div className={styles.stack}>
      <div className={styles.weekNav}>
        <Button
          variant="secondary"
          size="sm"
          icon={<ChevronLeft size={16} aria-hidden="true" />}
          onClick={() => onWeekChange(addDays(monday, -7))}
        >
          <Trans>Previous week</Trans>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          icon={<ChevronRight size={16} aria-hidden="true" />}
          onClick={() => onWeekChange(addDays(monday, 7))}
        >
          <Trans>Next week</Trans>
        </Button>
        <p className={styles.muted} aria-live="polite">
          {range}
        </p>
      </div>
      {week.isPending ? (
        <LoadingState lines={4} />
      ) : week.isError ? (
        <FailedState title={t`Could not load the week`} query={week} />
      ) : (
        <ol className={styles.week} aria-label={t`Week of ${range}`}>
          {days.map((day) => {
            const next = addDays(day, 1);
            const windows = (week.data?.data ?? []).filter((window) => {
              const start = new Date(window.starts_at);
              return start >= day && start < next;
            });
            return (
              <li key={day.toISOString()} className={styles.day}>
                <h3 className={styles.dayTitle}>{dayLabel.format(day)}</h3>
                {windows.length === 0 && (
                  <p className={styles.muted}>
                    <Trans>No windows</Trans>
                  </p>
                )}
                {windows.map((window) => (
                  <span key={window.id} className={styles.event}>
                    <strong>{time.formatRange(new Date(window.starts_at), new Date(window.ends_at))}</strong>{' '}
                    {window.group?.name ?? i18n._(WINDOW_TYPE[window.type])}
                    <br />
                    <span className={styles.muted}>
                      <ZonedStart
                        startsAt={window.starts_at}
                        timeZone={window.timezone}
                        locale={i18n.locale}
                      />
                    </span>
                    <ClockChangeNote window={window} />
                    <WindowState window={window} />
                  </span>
                ))}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
