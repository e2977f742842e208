import { useLingui } from '@lingui/react/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimeEntryInput } from '@tidewatch/contract';
import { api } from '../../../lib/api';
import { countKeys } from '../../../lib/counts';

export const timeKeys = {
  all: ['time-registration'] as const,
  month: (month: string) => [...timeKeys.all, 'own', month] as const,
  employees: (month: string) => [...timeKeys.all, 'employees', month] as const,
  employeeMonth: (userId: string, month: string) => [...timeKeys.all, 'employee', userId, month] as const,
  summary: (month: string) => [...timeKeys.all, 'summary', month] as const,
  products: () => ['products', 'hourly'] as const,
};

export const ownMonthQueryOptions = (month: string) =>
  queryOptions({
    queryKey: timeKeys.month(month),
    queryFn: ({ signal }) => api.timeRegistration.month({ params: { month }, signal }),
  });

export const employeesQueryOptions = (month: string) =>
  queryOptions({
    queryKey: timeKeys.employees(month),
    queryFn: ({ signal }) => api.timeRegistration.employees({ query: { month }, signal }),
  });

export const employeeMonthQueryOptions = (userId: string, month: string) =>
  queryOptions({
    queryKey: timeKeys.employeeMonth(userId, month),
    queryFn: ({ signal }) =>
      api.timeRegistration.employeeMonth({ params: { user_id: userId, month }, signal }),
  });

export const summaryQueryOptions = (month: string) =>
  queryOptions({
    queryKey: timeKeys.summary(month),
    queryFn: ({ signal }) => api.timeRegistration.summary({ query: { month }, signal }),
  });

/** The products time is registered against (spec section 7): hourly, not subscriptions, active, ids sorted. */
export const hourlyProductsQueryOptions = () =>
  queryOptions({
    queryKey: timeKeys.products(),
    queryFn: async ({ signal }) => {
      const products = await api.products.list({ signal });
      return products
        .filter((product) => product.unit === 'hours' && !product.subscription && product.active)
        .sort((a, b) => a.id.localeCompare(b.id));
    },
  });

/** The CSV export's address: a plain link, so the browser downloads it with the session cookie. */
export const summaryCsvHref = (month: string) =>
  `/api/admin/hours/summary.csv?month=${encodeURIComponent(month)}`;

export function useSaveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, entry }: { entryId: string | null; entry: TimeEntryInput }) =>
      entryId
        ? api.timeRegistration.update({ params: { entry_id: entryId }, body: entry })
        : api.timeRegistration.create({ body: entry }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

export function useDeleteEntry() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`Could not delete the entry` },
    mutationFn: (entryId: string) => api.timeRegistration.delete({ params: { entry_id: entryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

export function useSubmitMonth() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`Could not hand in the month` },
    mutationFn: (month: string) => api.timeRegistration.submit({ params: { month } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: timeKeys.all }),
        queryClient.invalidateQueries({ queryKey: countKeys.all }),
      ]),
  });
}

export function useDecideMonth() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`Could not record the decision` },
    mutationFn: ({
      userId,
      month,
      decision,
      comment,
    }: {
      userId: string;
      month: string;
      decision: 'approve' | 'reject';
      comment?: string;
    }) =>
      api.timeRegistration.decide({
        params: { user_id: userId, month },
        body: { decision, ...(comment ? { comment } : {}) },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: timeKeys.all }),
        queryClient.invalidateQueries({ queryKey: countKeys.all }),
      ]),
  });
}
