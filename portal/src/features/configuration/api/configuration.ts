import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Configuration } from '@tidewatch/contract';
import { api } from '../../../lib/api';
import { tagsQueryOptions } from '../../../lib/tags';
import { changeRequestKeys } from './change-requests';

/** What a configuration belongs to: one server, or every server with a tag. */
export type ConfigurationTarget = { kind: 'server'; certname: string } | { kind: 'tag'; tag: string };

export const targetName = (target: ConfigurationTarget) =>
  target.kind === 'server' ? target.certname : target.tag;

/** The target as the pages' search parameters (`?server=` or `?tag=`). */
export const targetSearch = (target: ConfigurationTarget) =>
  target.kind === 'server' ? { server: target.certname } : { tag: target.tag };

export const targetFromSearch = (search: { server?: string; tag?: string }): ConfigurationTarget | null =>
  search.server
    ? { kind: 'server', certname: search.server }
    : search.tag
      ? { kind: 'tag', tag: search.tag }
      : null;

export const configurationKeys = {
  all: (customerId: string) => ['configuration', customerId] as const,
  target: (customerId: string, target: ConfigurationTarget) =>
    [...configurationKeys.all(customerId), target.kind, targetName(target)] as const,
  serverSearch: (customerId: string, query: string) =>
    [...configurationKeys.all(customerId), 'server-search', query] as const,
};

/** The live configuration of a server or a tag (secrets that are set read as the mask). */
export const targetConfigurationQueryOptions = (customerId: string, target: ConfigurationTarget) =>
  queryOptions({
    queryKey: configurationKeys.target(customerId, target),
    queryFn: async ({ signal, client }): Promise<Configuration> => {
      if (target.kind === 'server') {
        const server = await api.servers.detail({
          params: { customer_id: customerId, certname: target.certname },
          signal,
        });
        return server.configuration;
      }
      const tags = await client.ensureQueryData(tagsQueryOptions(customerId));
      const tag = tags.find((entry) => entry.name === target.tag);
      if (!tag) throw new TargetNotFoundError();
      const detail = await api.tags.detail({ params: { customer_id: customerId, tag_id: tag.id }, signal });
      return detail.configuration;
    },
  });

export class TargetNotFoundError extends Error {
  constructor() {
    super('No such tag');
    this.name = 'TargetNotFoundError';
  }
}

const SEARCH_RESULTS = 20;

/** Servers whose certname contains `query`, to choose one to configure. */
export const serverSearchQueryOptions = (customerId: string, query: string) =>
  queryOptions({
    queryKey: configurationKeys.serverSearch(customerId, query),
    queryFn: ({ signal }) =>
      api.servers
        .list({
          params: { customer_id: customerId },
          query: { q: query || undefined, limit: SEARCH_RESULTS },
          signal,
        })
        .then((page) => page.data),
    staleTime: 30_000,
  });

export interface ChangeProposal {
  target: ConfigurationTarget;
  title?: string;
  roles: string[];
  parameters: Record<string, Record<string, string | number | boolean | null>>;
}

/** Opens a change request: nothing live changes until it is merged. */
export function useOpenChangeRequest(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, ...proposal }: ChangeProposal) =>
      api.changeRequests.open({
        params: { customer_id: customerId },
        body: {
          ...proposal,
          target: target.kind === 'server' ? target : { kind: 'tag', tag: target.tag },
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changeRequestKeys.all(customerId) }),
  });
}
