import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseCeilingsBody } from '@tidewatch/contract';
import { finance } from '../../../lib/finance';
import { saveFile } from '../../../lib/save-file';

export type InvoiceQuery = NonNullable<NonNullable<Parameters<typeof finance.invoices.list>[0]>['query']>;

const invoiceKeys = {
  all: ['invoices'] as const,
  list: (query: InvoiceQuery) => ['invoices', 'list', query] as const,
  ceilings: (customerId: string) => ['invoices', 'ceilings', customerId] as const,
};

/** One page of invoices, newest first; the previous page stays on screen while the next loads. */
export const invoicesQueryOptions = (query: InvoiceQuery) =>
  queryOptions({
    queryKey: invoiceKeys.list(query),
    queryFn: ({ signal }) => finance.invoices.list({ query, signal }),
    placeholderData: keepPreviousData,
  });

/** Fetches the invoice's PDF from the finance API (bearer token, so no plain link) and saves it. */
export function useDownloadInvoice() {
  const { t } = useLingui();
  return useMutation({
    meta: { errorMessage: t`Could not download the invoice` },
    mutationFn: async (invoice: { id: string; number: string }) =>
      saveFile(
        await finance.invoices.pdf({ params: { invoice_id: invoice.id } }),
        `invoice-${invoice.number}.pdf`,
      ),
  });
}

export const ceilingsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: invoiceKeys.ceilings(customerId),
    queryFn: ({ signal }) => finance.invoices.ceilings({ params: { customer_id: customerId }, signal }),
  });

/** Saves the ceilings; the form shows a refusal in place, so no notice is raised here. */
export function useSetCeilings(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpenseCeilingsBody) =>
      finance.invoices.setCeilings({ params: { customer_id: customerId }, body }),
    onSuccess: (state) => queryClient.setQueryData(invoiceKeys.ceilings(customerId), state),
  });
}

export function usePreApprove(customerId: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`Could not approve further work` },
    mutationFn: () => finance.invoices.preApprove({ params: { customer_id: customerId } }),
    onSuccess: (state) => queryClient.setQueryData(invoiceKeys.ceilings(customerId), state),
  });
}
