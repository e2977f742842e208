import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationDetail } from '@tidewatch/contract';
import { api } from '../../../lib/api';
import { countKeys } from '../../../lib/counts';

/**
 * How often an open inbox renews the staff's presence (the server counts them online for 30 s after
 * an inbox read); news arrive as live events (decision 0103), not by asking.
 */
const PRESENCE_RENEWAL_MS = 20_000;

export interface InboxListQuery {
  status: 'open' | 'closed';
  q?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

export const inboxKeys = {
  all: ['chat-inbox'] as const,
  lists: () => [...inboxKeys.all, 'list'] as const,
  list: (query: InboxListQuery) => [...inboxKeys.lists(), query] as const,
  conversation: (id: string) => [...inboxKeys.all, 'conversation', id] as const,
};

export const inboxListQueryOptions = (query: InboxListQuery) =>
  queryOptions({
    queryKey: inboxKeys.list(query),
    queryFn: ({ signal }) => api.chatInbox.list({ query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: PRESENCE_RENEWAL_MS,
  });

export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: inboxKeys.conversation(id),
    queryFn: ({ signal }) => api.chatInbox.get({ params: { id }, signal }),
  });

/** After a change: the lists, the conversation and the sidebar's unanswered count. */
function useRefreshInbox() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
      queryClient.invalidateQueries({ queryKey: countKeys.all }),
    ]);
}

export function useMarkRead() {
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: (id: string) => api.chatInbox.markRead({ params: { id } }),
    onSuccess: refresh,
  });
}

export function useReply(id: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const refresh = useRefreshInbox();
  return useMutation({
    meta: { errorMessage: t`Could not send the reply` },
    mutationFn: (msg: string) => api.chatInbox.reply({ params: { id }, body: { msg } }),
    onSuccess: (message) => {
      queryClient.setQueryData(
        inboxKeys.conversation(id),
        (current: ConversationDetail | undefined) =>
          current && { ...current, unanswered: false, messages: [...current.messages, message] },
      );
      return refresh();
    },
  });
}

export function useCloseConversation() {
  const { t } = useLingui();
  const refresh = useRefreshInbox();
  return useMutation({
    meta: { errorMessage: t`Could not close the conversation` },
    mutationFn: (id: string) => api.chatInbox.close({ params: { id } }),
    onSuccess: refresh,
  });
}
