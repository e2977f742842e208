import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { brand } from '@tidewatch/content/brand';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_KINDS,
  type ActivityAction,
  type ActivityEvent,
  type ActivityKind,
  type Plan,
} from '@tidewatch/contract';
import { buttonClass, EmptyState, Select, type TableColumn, TextInput } from '@tidewatch/ui';
import { Download, History } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { usePlanName } from '../../../shared/labels/plan-label';
import { PagedTable } from '../../../shared/paged-table';
import {
  type ActivityExportFormat,
  activityExportUrl,
  activityQueryOf,
  activityQueryOptions,
  PAGE_SIZE,
} from '../api/activity';
import { type ActivityView, changeActivityView } from '../list-view';
import * as styles from './activity.css';

const TOKEN_ACTIONS: ReadonlySet<ActivityAction> = new Set(ACTIVITY_ACTIONS.api_tokens);

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
  const query = activityQueryOf(view);
  const list = useQuery(activityQueryOptions(customerId, query));
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
    api_tokens: t`API tokens`,
  };
  const exportLabels: Record<ActivityExportFormat, string> = {
    csv: t`Export CSV`,
    jsonl: t`Export JSON Lines`,
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
      case 'api_token.create':
        return t`Made API token “${target}”`;
      case 'api_token.revoke':
        return t`Revoked API token “${target}”`;
      case 'api_token.write': {
        const token = event.api_token ?? '';
        const status = event.to;
        return status
          ? t`API token “${token}” called ${target} (${status})`
          : t`API token “${token}” called ${target}`;
      }
      case 'recovery_code.use':
        return t`Signed in with a recovery code`;
      case 'two_factor.require':
        return event.to === 'on'
          ? t`Required two-factor sign-in for everyone`
          : t`Stopped requiring two-factor sign-in`;
      case 'passkey.add':
        return t`Added the passkey “${target}”`;
      case 'passkey.remove':
        return t`Removed the passkey “${target}”`;
      case 'sso.configure':
        return t`Set up company sign-in with ${target}`;
      case 'sso.change':
        return t`Changed the company sign-in with ${target}`;
      case 'sso.remove':
        return t`Removed the company sign-in`;
      case 'sso.sign_in': {
        const roles = event.to ?? '';
        // No roles before: the account was made at this first sign-in.
        if (event.from === null)
          return t`Signed in through the company's sign-in for the first time, as ${roles}`;
        return event.from === event.to
          ? t`Signed in through the company's sign-in`
          : t`Signed in through the company's sign-in; roles changed from ${event.from} to ${roles}`;
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
          {/* A token's own events name it in their sentence; any other change says it was made with one. */}
          {event.api_token && !TOKEN_ACTIONS.has(event.action) && (
            <span className={styles.muted}>
              <Trans>with API token “{event.api_token}”</Trans>
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
      <div className={styles.toolbar}>
        <p className={styles.intro}>
          <Trans>
            Who signed in and what changed in your account: sign-ins, staff acting as your users and why,
            configuration merges, user and role changes, plan changes, the events sent to your webhooks, and
            the API tokens made, revoked and used. Nothing here can be edited or removed.
          </Trans>
        </p>
        <div className={styles.exportArea}>
          <div className={styles.exportLinks}>
            {(['csv', 'jsonl'] as const).map((format) => (
              <a
                key={format}
                href={activityExportUrl(customerId, query, format)}
                download
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                <Download size={16} aria-hidden="true" />
                {exportLabels[format]}
              </a>
            ))}
          </div>
          <p className={styles.muted}>
            {view.from || view.to ? (
              <Trans>Every kind between these dates, oldest first.</Trans>
            ) : (
              <Trans>Every kind and date, oldest first.</Trans>
            )}
          </p>
        </div>
      </div>
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
        query={query}
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
