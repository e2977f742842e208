import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { REPORT_LANGUAGES } from '@tidewatch/contract';
import { LANGUAGE_NAMES } from '@tidewatch/i18n';
import { Button, EmptyState, Select } from '@tidewatch/ui';
import { Download, FileChartColumn } from 'lucide-react';
import { formatMonth } from '../../../lib/format';
import { LoadingState, QueryState } from '../../../shared/query-state/query-state';
import {
  reportMonthsQueryOptions,
  serviceReportQueryOptions,
  shownMonth,
  useDownloadServiceReport,
} from '../api/service-reports';
import { ServiceReportView } from './service-report';
import * as styles from './service-reports.css';

/**
 * /customer/reports: the monthly service report of a finished month, as its managers are mailed it
 * (decision 0104), with the month in the address and its PDF in either language.
 */
export function ServiceReportsPage({
  customerId,
  month: wanted,
  onMonthChange,
}: {
  customerId: string;
  month: string | undefined;
  onMonthChange(month: string): void;
}) {
  const { t } = useLingui();
  const months = useQuery(reportMonthsQueryOptions(customerId));
  return (
    <QueryState
      query={months}
      failed={t`Could not load the reports`}
      loading={<LoadingState lines={8} />}
      isEmpty={(data) => data.months.length === 0}
      empty={
        <EmptyState
          icon={<FileChartColumn size={32} aria-hidden="true" />}
          title={<Trans>No report yet</Trans>}
        >
          <p>
            <Trans>
              The first report covers your first month with us and opens here once that month has ended. Your
              managers are also mailed each report on the first working day of the next month.
            </Trans>
          </p>
        </EmptyState>
      }
    >
      {({ months: offered }) => {
        const month = shownMonth(offered, wanted) as string;
        return (
          <div className={styles.stack}>
            <ReportToolbar
              customerId={customerId}
              months={offered}
              month={month}
              onMonthChange={onMonthChange}
            />
            <MonthReport customerId={customerId} month={month} />
          </div>
        );
      }}
    </QueryState>
  );
}

function ReportToolbar({
  customerId,
  months,
  month,
  onMonthChange,
}: {
  customerId: string;
  months: readonly string[];
  month: string;
  onMonthChange(month: string): void;
}) {
  const { t, i18n } = useLingui();
  const download = useDownloadServiceReport(customerId);
  return (
    <div className={styles.toolbar}>
      <div className={styles.monthPicker}>
        <Select label={t`Month`} value={month} onChange={(event) => onMonthChange(event.currentTarget.value)}>
          {months.map((offered) => (
            <option key={offered} value={offered}>
              {formatMonth(offered, i18n.locale)}
            </option>
          ))}
        </Select>
      </div>
      <div className={styles.downloads}>
        {REPORT_LANGUAGES.map((language) => {
          const languageName = LANGUAGE_NAMES[language];
          return (
            <Button
              key={language}
              variant="secondary"
              icon={<Download size={16} aria-hidden="true" />}
              loading={download.isPending && download.variables.language === language}
              onClick={() => download.mutate({ month, language })}
            >
              {t`Download PDF (${languageName})`}
            </Button>
          );
        })}
      </div>
    </div>
  );
}

function MonthReport({ customerId, month }: { customerId: string; month: string }) {
  const { t } = useLingui();
  const report = useQuery(serviceReportQueryOptions(customerId, month));
  return (
    <QueryState query={report} failed={t`Could not load the report`} loading={<LoadingState lines={8} />}>
      {(data) => <ServiceReportView report={data} />}
    </QueryState>
  );
}
