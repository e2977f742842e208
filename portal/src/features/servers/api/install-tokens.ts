import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan } from '@tidewatch/contract';
import { api } from '../../../lib/api';
import { refreshAfterTagChange } from '../../../lib/tags';

/** How often the add-server page asks whether the server has registered. */
export const INSTALL_POLL_MS = 3000;

export const installTokenKeys = {
  status: (customerId: string, tokenId: string) => ['install-tokens', customerId, tokenId] as const,
};

/** Plans a server and gets its install command; the planned server shows in lists at once. */
export function useCreateInstallToken(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { hostname: string; plan: Plan | null; roles: string[] }) =>
      api.installTokens.create({ params: { customer_id: customerId }, body }),
    onSuccess: () => refreshAfterTagChange(queryClient),
  });
}

/** Polled until the server has registered, or the token has expired with nothing having happened. */
export const installStatusQueryOptions = (customerId: string, tokenId: string) =>
  queryOptions({
    queryKey: installTokenKeys.status(customerId, tokenId),
    queryFn: ({ signal }) =>
      api.installTokens.status({ params: { customer_id: customerId, token_id: tokenId }, signal }),
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data;
      const done =
        status?.server_status === 'active' || (status?.expired && status.server_status === 'registered');
      return done ? false : INSTALL_POLL_MS;
    },
  });
