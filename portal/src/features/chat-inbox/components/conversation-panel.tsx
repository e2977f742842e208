import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ChatMessage, ConversationDetail } from '@tidewatch/contract';
import { CHAT_MESSAGE_MAX } from '@tidewatch/contract/vocabulary';
import { Button, ConfirmDialog, StatusBadge, TextArea } from '@tidewatch/ui';
import { ArrowLeft, Send } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { QueryState } from '../../../shared/query-state/query-state';
import { conversationQueryOptions, useCloseConversation, useMarkRead, useReply } from '../api/inbox';
import * as styles from './chat-inbox.css';

/** One conversation: the visitor's details and location, the messages, a reply box and Close. */
export function ConversationPanel({ id, onBack }: { id: string; onBack(): void }) {
  const { t } = useLingui();
  const conversation = useQuery(conversationQueryOptions(id));
  return (
    <section className={styles.panel} aria-label={t`Conversation`}>
      <Button
        variant="ghost"
        size="sm"
        className={styles.shownOnPhone}
        icon={<ArrowLeft size={16} aria-hidden="true" />}
        onClick={onBack}
      >
        <Trans>All conversations</Trans>
      </Button>
      <QueryState query={conversation} failed={t`Could not load the conversation`}>
        {(detail) => <Conversation detail={detail} />}
      </QueryState>
    </section>
  );
}

function Conversation({ detail }: { detail: ConversationDetail }) {
  const { t, i18n } = useLingui();
  const markRead = useMarkRead();
  const reply = useReply(detail.id);
  const close = useCloseConversation();
  const [draft, setDraft] = useState('');
  const [closing, setClosing] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const end = useRef<HTMLLIElement>(null);
  const open = detail.status === 'open';

  // Opening a conversation with news reads it, once for each newest message.
  const { mutate: read } = markRead;
  const readUpTo = useRef(0);
  const newest = detail.messages.at(-1)?.id ?? 0;
  useEffect(() => {
    if (!detail.unread || newest <= readUpTo.current) return;
    readUpTo.current = newest;
    read(detail.id);
  }, [detail.unread, detail.id, newest, read]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message arrives
  useEffect(() => {
    // Braces: Chromium's scrollIntoView answers a promise, which React would take for a cleanup.
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [detail.messages.length]);

  function send(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) {
      setError(t`Write a message`);
      return;
    }
    setError(undefined);
    reply.mutate(draft, { onSuccess: () => setDraft('') });
  }

  return (
    <>
      <div className={styles.panelHead}>
        <div>
          <h2 className={styles.title}>{detail.visitor_name}</h2>
          <div className={styles.badges}>
            {open ? (
              <StatusBadge tone="info">{t`Open`}</StatusBadge>
            ) : (
              <StatusBadge tone="neutral">{t`Closed`}</StatusBadge>
            )}
            {detail.visitor_connected ? (
              <StatusBadge tone="success">{t`On the site now`}</StatusBadge>
            ) : (
              <StatusBadge tone="neutral">{t`Away: replies go by email`}</StatusBadge>
            )}
          </div>
        </div>
        {open && (
          <Button variant="secondary" size="sm" onClick={() => setClosing(true)}>
            <Trans>Close conversation</Trans>
          </Button>
        )}
      </div>
      <dl className={styles.details}>
        <dt className={styles.term}>
          <Trans>Email</Trans>
        </dt>
        <dd className={styles.value}>
          <a href={`mailto:${detail.visitor_email}`}>{detail.visitor_email}</a>
        </dd>
        <dt className={styles.term}>
          <Trans>Location</Trans>
        </dt>
        <dd className={styles.value}>
          <VisitorLocation location={detail.location} />
        </dd>
        <dt className={styles.term}>
          <Trans>Page</Trans>
        </dt>
        <dd className={styles.value}>{detail.page}</dd>
        <dt className={styles.term}>
          <Trans>Language</Trans>
        </dt>
        <dd className={styles.value}>{detail.locale === 'da' ? 'Dansk' : 'English'}</dd>
        <dt className={styles.term}>
          <Trans>Started</Trans>
        </dt>
        <dd className={styles.value}>{formatDateTime(detail.started_at, i18n.locale)}</dd>
      </dl>
      <ol className={styles.messages} aria-label={t`Messages`} data-testid="messages">
        {detail.messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
      {open ? (
        <form className={styles.replyForm} onSubmit={send} noValidate>
          <TextArea
            label={<Trans>Reply</Trans>}
            rows={3}
            maxLength={CHAT_MESSAGE_MAX}
            value={draft}
            errors={error ? [error] : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              // Enter sends, as in the widget; Shift+Enter starts a new line.
              if (event.key === 'Enter' && !event.shiftKey) send(event);
            }}
          />
          <div className={styles.actions}>
            <Button type="submit" loading={reply.isPending} icon={<Send size={16} aria-hidden="true" />}>
              <Trans>Send reply</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <p className={styles.muted}>
          <Trans>This conversation is closed.</Trans>
        </p>
      )}
      <ConfirmDialog
        open={closing}
        onOpenChange={setClosing}
        title={<Trans>Close the conversation with {detail.visitor_name}?</Trans>}
        description={<Trans>The visitor is told the chat has ended and can no longer write in it.</Trans>}
        confirmLabel={<Trans>Close conversation</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        destructive
        pending={close.isPending}
        onConfirm={() =>
          close.mutate(detail.id, {
            onSuccess: () => {
              notify.success(t`Conversation closed`);
              setClosing(false);
            },
          })
        }
      />
    </>
  );
}

function Message({ message }: { message: ChatMessage }) {
  const { t, i18n } = useLingui();
  const author = { user: t`Visitor`, bot: t`Greeting`, mattermost: t`Staff` }[message.by];
  const style = { user: styles.fromVisitor, bot: styles.fromBot, mattermost: styles.fromStaff }[message.by];
  return (
    <li className={style} data-by={message.by}>
      <span className={styles.meta}>
        {author} · {formatDateTime(message.time, i18n.locale)}
      </span>
      {message.msg}
    </li>
  );
}

function VisitorLocation({ location }: { location: ConversationDetail['location'] }) {
  if (!location) return <Trans>Not known yet</Trans>;
  if ('error' in location)
    return (
      <Trans>
        Not found: <q>{location.error}</q>
      </Trans>
    );
  return (
    <>
      {[location.city, location.country].filter(Boolean).join(', ')}{' '}
      <span className={styles.muted}>
        (<a href="https://db-ip.com">IP Geolocation by DB-IP</a>)
      </span>
    </>
  );
}
