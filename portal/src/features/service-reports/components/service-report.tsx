import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ServiceReport } from '@tidewatch/contract';
import {
  FREE_CONSULTATION_MAX_LEVEL,
  formatDuration,
  OUTCOME_KINDS,
  type OutcomeKind,
} from '@tidewatch/domain';
import { BarChart, Card, StatusBadge, type StatusTone, Table, type TableColumn } from '@tidewatch/ui';
import type { ReactNode } from 'react';
import {
  formatDate,
  formatDateTime,
  formatEuros,
  formatMonth,
  formatNumber,
  formatPercent,
} from '../../../lib/format';
import * as styles from './service-reports.css';

type FleetRow = { kind: 'servers' | 'clusters' } & ServiceReport['fleet']['servers'];
type QuietSpell = ServiceReport['availability']['quiet'][number];
type ReportWindow = ServiceReport['windows']['list'][number];
type MergedRequest = ServiceReport['change_requests']['list'][number];
type EndOfLife = ServiceReport['attention']['end_of_life'][number];
type NeverReported = ServiceReport['attention']['never_reported'][number];

/** A window's outcome in the words and tone the bookings page uses for its machines. */
const OUTCOME: Record<OutcomeKind, { label: MessageDescriptor; tone: StatusTone }> = {
  failed: { label: msg`Failed`, tone: 'danger' },
  silent: { label: msg`Never reported`, tone: 'warning' },
  success: { label: msg`Updated`, tone: 'success' },
  skipped: { label: msg`Skipped by the agent`, tone: 'neutral' },
  exempted: { label: msg`Exempted`, tone: 'neutral' },
};

/** One month's report in the PDF's sections: fleet, availability, windows, changes, consultation, spend, attention. */
export function ServiceReportView({ report }: { report: ServiceReport }) {
  const { i18n } = useLingui();
  const from = formatDate(report.from, i18n.locale);
  const to = formatDate(report.to, i18n.locale);
  const company = report.company;
  return (
    <div className={styles.stack} data-month={report.month}>
      <p className={styles.muted}>
        <Trans>
          {company}, {from} to {to}
        </Trans>
      </p>
      <FleetSection fleet={report.fleet} />
      <AvailabilitySection availability={report.availability} />
      <WindowsSection windows={report.windows} />
      <ChangeRequestsSection changeRequests={report.change_requests} />
      <div className={styles.pair}>
        <ConsultationSection consultation={report.consultation} />
        <SpendSection spend={report.spend} month={report.month} />
      </div>
      <AttentionSection attention={report.attention} />
    </div>
  );
}

/** Key figures of a section, label above value. */
function Figures({ figures }: { figures: { id: string; label: ReactNode; value: ReactNode }[] }) {
  return (
    <dl className={styles.figures}>
      {figures.map((figure) => (
        <div key={figure.id} className={styles.figure} data-figure={figure.id}>
          <dt className={styles.figureLabel}>{figure.label}</dt>
          <dd className={styles.figureValue}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FleetSection({ fleet }: { fleet: ServiceReport['fleet'] }) {
  const { t, i18n } = useLingui();
  const number = (value: number) => formatNumber(value, i18n.locale);
  const columns: TableColumn<FleetRow>[] = [
    {
      id: 'kind',
      header: t`Kind`,
      rowHeader: true,
      cell: (row) => (row.kind === 'servers' ? t`Servers` : t`Clusters`),
    },
    { id: 'start', header: t`At the start`, numeric: true, cell: (row) => number(row.start) },
    { id: 'added', header: t`Added`, numeric: true, cell: (row) => number(row.added) },
    { id: 'removed', header: t`Decommissioned`, numeric: true, cell: (row) => number(row.removed) },
    { id: 'end', header: t`At the end`, numeric: true, cell: (row) => number(row.end) },
  ];
  const rows: FleetRow[] = [
    { kind: 'servers', ...fleet.servers },
    { kind: 'clusters', ...fleet.clusters },
  ];
  return (
    <Card title={<Trans>Under management</Trans>}>
      <Table label={t`Under management`} columns={columns} rows={rows} rowKey={(row) => row.kind} />
    </Card>
  );
}

function AvailabilitySection({ availability }: { availability: ServiceReport['availability'] }) {
  const { t, i18n } = useLingui();
  const percent = (share: number) => formatPercent(share * 100, i18n.locale);
  const received = formatNumber(availability.received_pings, i18n.locale);
  const expected = formatNumber(availability.expected_pings, i18n.locale);
  const weeks = availability.weeks.flatMap(({ week, share }) => {
    const day = formatDate(week, i18n.locale);
    return share === null ? [] : [{ id: week, label: t`Week of ${day}`, value: share * 100 }];
  });
  const columns: TableColumn<QuietSpell>[] = [
    { id: 'name', header: t`Server or cluster`, rowHeader: true, cell: (spell) => spell.name },
    { id: 'from', header: t`Quiet from`, cell: (spell) => formatDateTime(spell.from, i18n.locale) },
    {
      id: 'to',
      header: t`Until`,
      cell: (spell) => (spell.to ? formatDateTime(spell.to, i18n.locale) : t`Still quiet at month end`),
    },
    { id: 'minutes', header: t`For`, numeric: true, cell: (spell) => formatDuration(spell.minutes) },
  ];
  return (
    <Card title={<Trans>Availability</Trans>}>
      <div className={styles.section}>
        {availability.share === null ? (
          <p className={styles.muted}>
            <Trans>No agent was due to report this month.</Trans>
          </p>
        ) : (
          <>
            <Figures
              figures={[
                {
                  id: 'availability',
                  label: <Trans>Expected pings received</Trans>,
                  value: percent(availability.share),
                },
              ]}
            />
            <p className={styles.muted}>
              <Trans>
                The agents sent {received} of the {expected} pings due while their servers were under
                management.
              </Trans>
            </p>
            <BarChart
              title={<Trans>Pings received by week (%)</Trans>}
              data={weeks}
              formatValue={(value) => formatPercent(value, i18n.locale)}
            />
          </>
        )}
        <h3 className={styles.subheading}>
          <Trans>Quiet spells</Trans>
        </h3>
        {availability.quiet.length > 0 ? (
          <Table
            label={t`Quiet spells`}
            columns={columns}
            rows={availability.quiet}
            rowKey={(spell) => `${spell.kind} ${spell.name} ${spell.from}`}
          />
        ) : (
          <p className={styles.muted}>
            <Trans>No server or cluster went quiet.</Trans>
          </p>
        )}
      </div>
    </Card>
  );
}

function WindowsSection({ windows }: { windows: ServiceReport['windows'] }) {
  const { t, i18n } = useLingui();
  const columns: TableColumn<ReportWindow>[] = [
    { id: 'group', header: t`Update group`, rowHeader: true, cell: (window) => window.tag_name },
    { id: 'starts', header: t`Started`, cell: (window) => formatDateTime(window.starts_at, i18n.locale) },
    {
      id: 'servers',
      header: t`Machines`,
      numeric: true,
      cell: (window) => formatNumber(window.servers, i18n.locale),
    },
    {
      id: 'outcome',
      header: t`Outcome`,
      cell: (window) => (
        <StatusBadge tone={OUTCOME[window.outcome].tone}>{i18n._(OUTCOME[window.outcome].label)}</StatusBadge>
      ),
    },
  ];
  return (
    <Card title={<Trans>Service windows</Trans>}>
      {windows.list.length > 0 ? (
        <div className={styles.section}>
          <h3 className={styles.subheading}>
            <Trans>Machines by outcome</Trans>
          </h3>
          <Figures
            figures={OUTCOME_KINDS.map((kind) => ({
              id: kind,
              label: i18n._(OUTCOME[kind].label),
              value: formatNumber(windows.outcomes[kind] ?? 0, i18n.locale),
            }))}
          />
          <Table
            label={t`Service windows that ended`}
            columns={columns}
            rows={windows.list}
            rowKey={(window) => `${window.tag_name} ${window.starts_at}`}
          />
        </div>
      ) : (
        <p className={styles.muted}>
          <Trans>No service window ended this month.</Trans>
        </p>
      )}
    </Card>
  );
}

function ChangeRequestsSection({ changeRequests }: { changeRequests: ServiceReport['change_requests'] }) {
  const { t, i18n } = useLingui();
  const columns: TableColumn<MergedRequest>[] = [
    { id: 'title', header: t`Change request`, rowHeader: true, cell: (request) => request.title },
    { id: 'merged', header: t`Merged`, cell: (request) => formatDateTime(request.merged_at, i18n.locale) },
  ];
  return (
    <Card title={<Trans>Change requests merged</Trans>}>
      {changeRequests.merged > 0 ? (
        <div className={styles.section}>
          <Figures
            figures={[
              {
                id: 'merged',
                label: <Trans>Merged</Trans>,
                value: formatNumber(changeRequests.merged, i18n.locale),
              },
            ]}
          />
          <Table
            label={t`Change requests merged`}
            columns={columns}
            rows={changeRequests.list}
            rowKey={(request) => `${request.merged_at} ${request.title}`}
          />
        </div>
      ) : (
        <p className={styles.muted}>
          <Trans>No change request was merged this month.</Trans>
        </p>
      )}
    </Card>
  );
}

function ConsultationSection({ consultation }: { consultation: ServiceReport['consultation'] }) {
  const { t, i18n } = useLingui();
  const freeLevel = FREE_CONSULTATION_MAX_LEVEL;
  return (
    <Card title={<Trans>Consultation</Trans>}>
      <div className={styles.section}>
        <Figures
          figures={[
            {
              id: 'approved',
              label: <Trans>Approved</Trans>,
              value: formatDuration(consultation.used_minutes),
            },
            {
              id: 'included',
              label: <Trans>Included in the plan</Trans>,
              value: formatDuration(consultation.included_minutes),
            },
            {
              id: 'billed',
              label: <Trans>Billed</Trans>,
              value: formatEuros(consultation.billed_cents / 100, i18n.locale),
            },
          ]}
        />
        <BarChart
          title={<Trans>Approved time by level, and the time the plan includes</Trans>}
          data={[
            ...consultation.levels.map(({ level, minutes }) => ({
              id: String(level),
              label: t`Level ${level}`,
              value: minutes,
            })),
            {
              id: 'included',
              label: t`Included in the plan, levels up to ${freeLevel}`,
              value: consultation.included_minutes,
            },
          ]}
          formatValue={formatDuration}
        />
      </div>
    </Card>
  );
}

function SpendSection({ spend, month }: { spend: ServiceReport['spend']; month: string }) {
  const { t, i18n } = useLingui();
  const euros = (cents: number) => formatEuros(cents / 100, i18n.locale);
  const ceiling = spend.ceiling_cents;
  const monthName = formatMonth(month, i18n.locale);
  const over = (cents: number) => ceiling !== null && cents > ceiling;
  return (
    <Card title={<Trans>Spend</Trans>}>
      <div className={styles.section}>
        <Figures
          figures={[
            { id: 'spent', label: <Trans>Invoiced for {monthName}</Trans>, value: euros(spend.spent_cents) },
            {
              id: 'ceiling',
              label: <Trans>Monthly ceiling</Trans>,
              value: ceiling === null ? t`None set` : euros(ceiling),
            },
          ]}
        />
        <BarChart
          title={<Trans>Invoiced by month</Trans>}
          data={[
            ...(ceiling === null ? [] : [{ id: 'ceiling', label: t`Monthly ceiling`, value: ceiling }]),
            ...spend.months.map((spent) => ({
              id: spent.month,
              label: formatMonth(spent.month, i18n.locale),
              value: spent.spent_cents,
              tone: over(spent.spent_cents) ? ('warning' as const) : ('brand' as const),
              note: over(spent.spent_cents) && (
                <StatusBadge tone="warning">
                  <Trans>Over the ceiling</Trans>
                </StatusBadge>
              ),
            })),
          ]}
          formatValue={euros}
        />
      </div>
    </Card>
  );
}

function AttentionSection({ attention }: { attention: ServiceReport['attention'] }) {
  const { t, i18n } = useLingui();
  const endOfLifeColumns: TableColumn<EndOfLife>[] = [
    { id: 'name', header: t`Server`, rowHeader: true, cell: (server) => server.name },
    { id: 'os', header: t`Operating system`, cell: (server) => server.os },
    { id: 'eol', header: t`End of life`, cell: (server) => formatDate(server.end_of_life, i18n.locale) },
  ];
  const neverReportedColumns: TableColumn<NeverReported>[] = [
    { id: 'name', header: t`Server`, rowHeader: true, cell: (server) => server.name },
    { id: 'added', header: t`Added`, cell: (server) => formatDateTime(server.added_at, i18n.locale) },
  ];
  const nothing = attention.end_of_life.length === 0 && attention.never_reported.length === 0;
  return (
    <Card title={<Trans>Needs attention</Trans>}>
      <div className={styles.section}>
        {nothing && (
          <p className={styles.muted}>
            <Trans>Nothing needs attention.</Trans>
          </p>
        )}
        {attention.end_of_life.length > 0 && (
          <Table
            label={t`Servers on an operating system past its end of life`}
            showCaption
            columns={endOfLifeColumns}
            rows={attention.end_of_life}
            rowKey={(server) => server.name}
          />
        )}
        {attention.never_reported.length > 0 && (
          <Table
            label={t`Servers that never reported`}
            showCaption
            columns={neverReportedColumns}
            rows={attention.never_reported}
            rowKey={(server) => server.name}
          />
        )}
      </div>
    </Card>
  );
}
