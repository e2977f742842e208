import { useLingui } from '@lingui/react/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffLocationBody } from '@tidewatch/contract';
import { api } from '../../../lib/api';

const staffLocationKeys = { all: ['staff-locations'] as const };

/** Every staff member and where they work. */
export const staffLocationsQueryOptions = () =>
  queryOptions({
    queryKey: staffLocationKeys.all,
    queryFn: ({ signal }) => api.staffLocations.list({ signal }).then((answer) => answer.data),
  });

export function useSetStaffLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, location }: { userId: string; location: StaffLocationBody }) =>
      api.staffLocations.set({ params: { user_id: userId }, body: location }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffLocationKeys.all }),
  });
}

export function useClearStaffLocation() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`Could not take the person off the map` },
    mutationFn: (userId: string) => api.staffLocations.clear({ params: { user_id: userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffLocationKeys.all }),
  });
}
