import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@tidewatch/contract';
import { EmptyState, Select, StatusBadge, TextInput } from '@tidewatch/ui';
import { MessagesSquare } from 'lucide-react';
import { formatRelativeTime } from '../../../lib/format';
import { CursorPager, useListTotal } from '../../../shared/cursor-pager';
import { QueryState } from '../../../shared/query-state/query-state';
import { inboxListQueryOptions } from '../api/inbox';
import { type ChatInboxView, INBOX_PAGE_SIZE, inboxQueryOf } from '../inbox-view';
import * as styles from './chat-inbox.css';
import { ConversationPanel } from './conversation-panel';

/** /admin/chat: the site's chat conversations beside the one chosen. */
export function ChatInboxPage({
  view,
  onViewChange,
}: {
  view: ChatInboxView;
  onViewChange(view: ChatInboxView, options?: { replace?: boolean }): void;
}) {
  const { t } = useLingui();
  const query = inboxQueryOf(view);
  const list = useQuery(inboxListQueryOptions(query));
  const total = useListTotal(query, list.data);
  const chosen = view.conversation;
  const searched = query.q;
  const emptyTitle = searched
    ? t`No conversations match “${searched}”`
    : query.status === 'open'
      ? t`No open conversations`
      : t`No closed conversations`;

  return (
    <div className={styles.layout}>
      <section
        className={chosen ? `${styles.side} ${styles.hiddenOnPhone}` : styles.side}
        aria-label={t`Conversations`}
      >
        <div className={styles.filters}>
          <Select
            label={<Trans>Show</Trans>}
            value={query.status}
            onChange={(event) =>
              onViewChange({ ...view, status: event.target.value as 'open' | 'closed', cursors: undefined })
            }
          >
            <option value="open">{t`Open`}</option>
            <option value="closed">{t`Closed`}</option>
          </Select>
          <TextInput
            label={<Trans>Search conversations</Trans>}
            type="search"
            value={view.q ?? ''}
            onChange={(event) =>
              onViewChange(
                { ...view, q: event.target.value || undefined, cursors: undefined },
                { replace: true },
              )
            }
          />
        </div>
        <QueryState
          query={list}
          failed={t`Could not load the conversations`}
          isEmpty={(page) => page.data.length === 0}
          empty={
            <EmptyState icon={<MessagesSquare size={32} aria-hidden="true" />} title={emptyTitle}>
              <p className={styles.muted}>
                <Trans>Conversations start when a visitor writes in the chat on the website.</Trans>
              </p>
            </EmptyState>
          }
        >
          {(page) => (
            <>
              <ul className={styles.list} data-testid="conversation-list">
                {page.data.map((conversation) => (
                  <li key={conversation.id}>
                    <ConversationItem
                      conversation={conversation}
                      selected={conversation.id === chosen}
                      onOpen={() => onViewChange({ ...view, conversation: conversation.id })}
                    />
                  </li>
                ))}
              </ul>
              <CursorPager
                label={t`Conversation pages`}
                view={view}
                onViewChange={onViewChange}
                pageSize={INBOX_PAGE_SIZE}
                rowCount={page.data.length}
                total={total}
                nextCursor={page.next_cursor}
                loading={list.isPlaceholderData}
              />
            </>
          )}
        </QueryState>
      </section>
      {chosen ? (
        <ConversationPanel
          key={chosen}
          id={chosen}
          onBack={() => onViewChange({ ...view, conversation: undefined })}
        />
      ) : (
        <div className={styles.hiddenOnPhone}>
          <EmptyState icon={<MessagesSquare size={32} aria-hidden="true" />} title={t`Choose a conversation`}>
            <p className={styles.muted}>
              <Trans>Its messages, the visitor's details and the reply box show here.</Trans>
            </p>
          </EmptyState>
        </div>
      )}
    </div>
  );
}

function ConversationItem({
  conversation,
  selected,
  onOpen,
}: {
  conversation: ConversationSummary;
  selected: boolean;
  onOpen(): void;
}) {
  const { t, i18n } = useLingui();
  const last = conversation.last_message;
  return (
    <button
      type="button"
      className={selected ? styles.itemSelected : styles.item}
      aria-current={selected ? 'true' : undefined}
      onClick={onOpen}
      data-testid="conversation"
    >
      <span className={styles.itemHead}>
        <span className={conversation.unread ? styles.unreadName : styles.name}>
          {conversation.visitor_name}
        </span>
        {last && (
          <span className={styles.muted}>
            {formatRelativeTime(last.time, new Date(), i18n.locale, 'short')}
          </span>
        )}
      </span>
      {last && <span className={styles.snippet}>{last.msg}</span>}
      <span className={styles.badges}>
        {conversation.unread && <StatusBadge tone="info">{t`Unread`}</StatusBadge>}
        {conversation.unanswered && <StatusBadge tone="warning">{t`Unanswered`}</StatusBadge>}
        {conversation.visitor_connected && <StatusBadge tone="success">{t`On the site now`}</StatusBadge>}
      </span>
    </button>
  );
}
