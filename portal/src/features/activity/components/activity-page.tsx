import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { brand } from '@tidewatch/content/brand';
import { ACTIVITY_KINDS, type ActivityEvent, type ActivityKind, type Plan } from '@tidewatch/contract';
import { EmptyState, Select, type TableColumn, TextInput } from '@tidewatch/ui';
import { History } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { usePlanName } from '../../../shared/labels/plan-label';
import { PagedTable } from '../../../shared/paged-table';
import { activityQueryOptions } from '../api/activity';
import { type ActivityView, activityQueryOf, changeActivityView, PAGE_SIZE } from '../list-view';
import * as styles from './activity.css';

/** /customer/activity: the customer's own audit trail, newest first, read from the append-only log. */
export function ActivityPage({
  customerId,
  view,
  onViewChange,
}: {
  customerId: string;
  view: ActivityView;
  onViewChange(view: ActivityView, options?: { replace?: boolean }): void;
}) {
  const { t, i18n } = useLingui();
  const planName = usePlanName();
  const list = useQuery(activityQueryOptions(customerId, activityQueryOf(view)));
  const change = (next: Partial<ActivityView>) =>
    onViewChange(changeActivityView(view, next), { replace: true });
  const product = brand.product;
  const filtered = Boolean(view.kind || view.from || view.to);

  const kindLabels: Record<ActivityKind, string> = {
    sign_in: t`Sign-ins`,
    impersonation: t`Staff access`,
    configuration: t`Configuration merges`,
    users: t`Users and roles`,
    plans: t`Plan changes`,
    webhooks: t`Webhook events`,
  };

  const plan = (value: string | null) => planName(value as Plan | null);
  const what = (event: ActivityEvent) => {
    const target = event.target ?? '';
    switch (event.action) {
      case 'sign_in':
        return t`Signed in`;
      case 'impersonation.start':
        return t`Started acting as ${event.acting_as}`;
      case 'impersonation.stop':
        return t`Stopped acting as ${event.acting_as}`;
      case 'change_request.merge':
        return t`Merged change request ${target}`;
      case 'user.change':
        return t`Changed the user ${target}`;
      case 'plan.change': {
        const from = plan(event.from);
        const to = plan(event.to);
        return t`Changed the plan of ${target} from ${from} to ${to}`;
      }
      case 'webhook.event': {
        const about = event.to ?? '';
        return about ? t`Sent ${target} to your webhooks: ${about}` : t`Sent ${target} to your webhooks`;
      }
    }
  };
  const who = (event: ActivityEvent) => {
    if (event.action === 'webhook.event') return product;
    const actor = event.actor.email ?? t`${product} staff`;
    if (event.actor.staff && event.actor.email) return t`${actor} (staff)`;
    return actor;
  };

  const columns: TableColumn<ActivityEvent>[] = [
    {
      id: 'at',
      header: t`When`,
      cell: (event) => (
        <time dateTime={event.at} className={styles.when}>
          {formatDateTime(event.at, i18n.locale)}
        </time>
      ),
    },
    { id: 'what', header: t`What`, rowHeader: true, cell: what },
    {
      id: 'who',
      header: t`Who`,
      cell: (event) => (
        <span className={styles.who}>
          {who(event)}
          {event.acting_as &&
            event.action !== 'impersonation.start' &&
            event.action !== 'impersonation.stop' && (
              <span className={styles.muted}>
                <Trans>acting as {event.acting_as}</Trans>
              </span>
            )}
        </span>
      ),
    },
    {
      id: 'reason',
      header: t`Reason given`,
      cell: (event) => event.reason ?? '—',
    },
  ];

  return (
    <div className={styles.stack}>
      <p className={styles.intro}>
        <Trans>
          Who signed in and what changed in your account: sign-ins, staff acting as your users and why,
          configuration merges, user and role changes, plan changes, and the events sent to your webhooks.
          Nothing here can be edited or removed.
        </Trans>
      </p>
      <search aria-label={t`Filter activity`} className={styles.filters}>
        <Select
          label={<Trans>Kind</Trans>}
          value={view.kind ?? ''}
          onChange={(event) =>
            change({ kind: (event.target.value || undefined) as ActivityKind | undefined })
          }
        >
          <option value="">{t`Every kind`}</option>
          {ACTIVITY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabels[kind]}
            </option>
          ))}
        </Select>
        <TextInput
          label={<Trans>From</Trans>}
          type="date"
          value={view.from ?? ''}
          max={view.to}
          onChange={(event) => change({ from: event.target.value || undefined })}
        />
        <TextInput
          label={<Trans>To</Trans>}
          type="date"
          value={view.to ?? ''}
          min={view.from}
          onChange={(event) => change({ to: event.target.value || undefined })}
        />
      </search>
      <PagedTable
        label={t`Activity`}
        columns={columns}
        rowKey={(event) => event.id}
        list={list}
        query={activityQueryOf(view)}
        failedTitle={t`Could not load the activity`}
        pager={{ label: t`Activity pages`, view, onViewChange, pageSize: PAGE_SIZE }}
        empty={
          <EmptyState icon={<History size={32} aria-hidden="true" />} title={<Trans>No activity here</Trans>}>
            <p>
              {filtered ? (
                <Trans>Nothing matches these filters.</Trans>
              ) : (
                <Trans>Sign-ins and changes to your account will be listed here.</Trans>
              )}
            </p>
          </EmptyState>
        }
      />
    </div>
  );
}
