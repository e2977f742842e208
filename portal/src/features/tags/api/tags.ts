import { useLingui } from '@lingui/react/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterTagChange, tagKeys } from '../../../lib/tags';

const MEMBERS_SHOWN = 200;
const SEARCH_RESULTS = 20;

/** One tag with what deleting it would affect. */
export const tagDetailQueryOptions = (customerId: string, tagId: string) =>
  queryOptions({
    queryKey: [...tagKeys.list(customerId), 'detail', tagId] as const,
    queryFn: ({ signal }) => api.tags.detail({ params: { customer_id: customerId, tag_id: tagId }, signal }),
  });

/** A tag's servers and clusters (the first {@link MEMBERS_SHOWN} of each, with the totals). */
export const tagMembersQueryOptions = (customerId: string, tag: string) =>
  queryOptions({
    queryKey: [...tagKeys.list(customerId), 'members', tag] as const,
    queryFn: async ({ signal }) => {
      const [servers, clusters] = await Promise.all([
        api.servers.list({
          params: { customer_id: customerId },
          query: { tag, limit: MEMBERS_SHOWN },
          signal,
        }),
        api.clusters.list({
          params: { customer_id: customerId },
          query: { tag, limit: MEMBERS_SHOWN },
          signal,
        }),
      ]);
      return { servers, clusters };
    },
  });

/** Servers and clusters whose certname contains `query`, to add to a tag. */
export const memberCandidatesQueryOptions = (customerId: string, query: string) =>
  queryOptions({
    queryKey: [...tagKeys.list(customerId), 'candidates', query] as const,
    queryFn: async ({ signal }) => {
      const search = { q: query || undefined, limit: SEARCH_RESULTS };
      const [servers, clusters] = await Promise.all([
        api.servers.list({ params: { customer_id: customerId }, query: search, signal }),
        api.clusters.list({ params: { customer_id: customerId }, query: search, signal }),
      ]);
      return { servers: servers.data, clusters: clusters.data };
    },
    staleTime: 30_000,
  });

export interface TagFields {
  name: string;
  type: 'team' | 'update_group' | 'plain';
  timezone: string | null;
}

export function useSaveTag(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, fields }: { tagId: string | null; fields: TagFields }) =>
      tagId
        ? api.tags.update({ params: { customer_id: customerId, tag_id: tagId }, body: fields })
        : api.tags.create({ params: { customer_id: customerId }, body: fields }),
    onSuccess: () => refreshAfterTagChange(queryClient),
  });
}

export function useDeleteTag(customerId: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`Could not delete the tag` },
    mutationFn: (tagId: string) => api.tags.delete({ params: { customer_id: customerId, tag_id: tagId } }),
    onSuccess: () => refreshAfterTagChange(queryClient),
  });
}

type MemberKind = 'servers' | 'clusters';

/** Adds one server or cluster to a tag, or removes it. */
export function useChangeMember(customerId: string, tagId: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage: t`Could not change the tag's members` },
    mutationFn: ({ kind, certname, add }: { kind: MemberKind; certname: string; add: boolean }) =>
      api.tags.members({
        params: { customer_id: customerId, tag_id: tagId },
        body: { [add ? 'add' : 'remove']: { servers: [], clusters: [], [kind]: [certname] } },
      }),
    onSuccess: () => refreshAfterTagChange(queryClient),
  });
}
