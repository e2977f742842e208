import { useLingui } from '@lingui/react/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

type ApiTokenBody = Parameters<typeof api.apiTokens.create>[0]['body'];
/** A token as its creation answers it: with the token itself, shown this once. */
export type CreatedApiToken = Awaited<ReturnType<typeof api.apiTokens.create>>;

export const apiTokenKeys = {
  list: (customerId: string) => ['api-tokens', customerId, 'list'] as const,
};

/** The customer's tokens that are not revoked, expired ones included, newest first. */
export const apiTokensQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: apiTokenKeys.list(customerId),
    queryFn: ({ signal }) =>
      api.apiTokens.list({ params: { customer_id: customerId }, signal }).then((answer) => answer.data),
    // Every call a token makes changes its "last used": the list is asked again on each visit.
    staleTime: 0,
  });

/** Makes a token; the answer holds the token itself, the only time it is shown (the form reports its own failures). */
export function useCreateApiToken(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenBody) => api.apiTokens.create({ params: { customer_id: customerId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list(customerId) }),
  });
}

/** Revokes a token: the server refuses it from its next call. */
export function useRevokeApiToken(customerId: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`Could not revoke the token` },
    mutationFn: (tokenId: string) =>
      api.apiTokens.revoke({ params: { customer_id: customerId, token_id: tokenId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list(customerId) }),
  });
}
