import { useLingui } from '@lingui/react/macro';
import { type QueryClient, queryOptions, useMutation } from '@tanstack/react-query';
import type { REPORT_LANGUAGES } from '@tidewatch/contract';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';

export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

const reportKeys = {
  months: (customerId: string) => ['service-reports', customerId, 'months'] as const,
  report: (customerId: string, month: string) => ['service-reports', customerId, month] as const,
};

/** The finished months a customer's report can be opened for, newest first. */
export const reportMonthsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: reportKeys.months(customerId),
    queryFn: ({ signal }) => api.serviceReports.months({ params: { customer_id: customerId }, signal }),
  });

/** A finished month's report: it no longer changes, so it is not asked for again while cached. */
export const serviceReportQueryOptions = (customerId: string, month: string) =>
  queryOptions({
    queryKey: reportKeys.report(customerId, month),
    queryFn: ({ signal }) => api.serviceReports.get({ params: { customer_id: customerId, month }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The month a page shows: the one in its address when a report exists for it, else the newest. */
export const shownMonth = (months: readonly string[], wanted: string | undefined) =>
  wanted && months.includes(wanted) ? wanted : months[0];

/** For the route's loader: starts the months, and the shown month's report as soon as the months say which. */
export function prefetchServiceReport(
  queryClient: QueryClient,
  customerId: string,
  wanted: string | undefined,
) {
  const months = reportMonthsQueryOptions(customerId);
  void queryClient.prefetchQuery(months).then(() => {
    const month = shownMonth(queryClient.getQueryData(months.queryKey)?.months ?? [], wanted);
    if (month) void queryClient.prefetchQuery(serviceReportQueryOptions(customerId, month));
  });
}

/** Fetches the report's PDF in the chosen language and saves it. */
export function useDownloadServiceReport(customerId: string) {
  const { t } = useLingui();
  return useMutation({
    meta: { errorMessage: t`Could not download the report` },
    mutationFn: async ({ month, language }: { month: string; language: ReportLanguage }) =>
      saveFile(
        await api.serviceReports.pdf({ params: { customer_id: customerId, month }, query: { language } }),
        `service-report-${customerId}-${month}-${language}.pdf`,
      ),
  });
}
