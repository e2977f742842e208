import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseCeilingsBody, Invoice } from '@tidewatch/contract';
import { ApiError } from '@tidewatch/contract/client';
import { formLanguage } from '@tidewatch/i18n';
import { finance } from '../../../lib/finance';
import { saveFile } from '../../../lib/save-file';

export type InvoiceQuery = NonNullable<NonNullable<Parameters<typeof finance.invoices.list>[0]>['query']>;

const invoiceKeys = {
  all: ['invoices'] as const,
  list: (query: InvoiceQuery) => ['invoices', 'list', query] as const,
  ceilings: (customerId: string) => ['invoices', 'ceilings', customerId] as const,
};

/**
 * One page of invoices, newest first; the previous page stays on screen while the next loads, but
 * never another customer's, whose rows would offer actions on invoices no longer in view.
 */
export const invoicesQueryOptions = (query: InvoiceQuery) =>
  queryOptions({
    queryKey: invoiceKeys.list(query),
    queryFn: ({ signal }) => finance.invoices.list({ query, signal }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].customer_id === query.customer_id ? keepPreviousData(previous) : undefined,
  });

/** Fetches the invoice's PDF from the finance API (bearer token, so no plain link) and saves it. */
export function useDownloadInvoice() {
  const { t } = useLingui();
  return useMutation({
    meta: { errorMessage: t`Could not download the invoice` },
    mutationFn: async (invoice: { id: string; number: string | null }) =>
      saveFile(
        await finance.invoices.pdf({ params: { invoice_id: invoice.id } }),
        `invoice-${invoice.number ?? 'draft'}.pdf`,
      ),
  });
}

export function useDownloadCreditNote() {
  const { t } = useLingui();
  return useMutation({
    meta: { errorMessage: t`Could not download the credit note` },
    mutationFn: async (creditNote: { id: string; number: string }) =>
      saveFile(
        await finance.invoices.creditNotePdf({ params: { credit_note_id: creditNote.id } }),
        `credit-note-${creditNote.number}.pdf`,
      ),
  });
}

export type InvoiceStep =
  | { action: 'issue' }
  | { action: 'pay'; paid_on: string }
  | { action: 'credit'; reason: string };

/**
 * Takes one step of the lifecycle for each invoice in turn (in the list's order, so numbers are
 * given in that order) and says which were refused and why, in the reader's language.
 */
export function useInvoiceStep() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const { translate } = formLanguage(i18n);
  return useMutation({
    mutationFn: async ({ step, invoices }: { step: InvoiceStep; invoices: Invoice[] }) => {
      const done: Invoice[] = [];
      const refused: { invoice: Invoice; message: string }[] = [];
      for (const invoice of invoices) {
        const params = { invoice_id: invoice.id };
        try {
          done.push(
            step.action === 'issue'
              ? await finance.invoices.issue({ params })
              : step.action === 'pay'
                ? await finance.invoices.pay({ params, body: { paid_on: step.paid_on } })
                : await finance.invoices.credit({ params, body: { reason: step.reason } }),
          );
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          refused.push({ invoice, message: translate(error.body.message) });
        }
      }
      return { done, refused };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
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
