import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationDetail } from '@tidewatch/contract';
import { api } from '../../../lib/api';
import { countKeys } from '../../../lib/counts';

/** How often an open inbox asks for news; it also keeps staff shown as online to visitors. */
export const INBOX_POLL_MS = 4_000;

export interface InboxListQuery {
  status: 'open' | 'closed';
  q?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

const inboxKeys = {
  all: ['chat-inbox'] as const,
  list: (query: InboxListQuery) => [...inboxKeys.all, 'list', query] as const,
  conversation: (id: string) => [...inboxKeys.all, 'conversation', id] as const,
};

export const inboxListQueryOptions = (query: InboxListQuery) =>
  queryOptions({
    queryKey: inboxKeys.list(query),
    queryFn: ({ signal }) => api.chatInbox.list({ query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: INBOX_POLL_MS,
  });

export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: inboxKeys.conversation(id),
    queryFn: ({ signal }) => api.chatInbox.get({ params: { id }, signal }),
    refetchInterval: INBOX_POLL_MS,
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
