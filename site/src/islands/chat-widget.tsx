import catalogs from 'virtual:island-catalogs';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMessage, ServerFrame } from '@tidewatch/contract';
import { createSiteClient } from '@tidewatch/contract/site-client';
import { islandI18n } from '@tidewatch/i18n/static';
import { Button, FormAlert, fieldProps, TextArea } from '@tidewatch/ui';
import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { type ChatConnection, type ConnectionState, chatSocketUrl, connectChat } from '../chat/connection';
import {
  forgetChat,
  lastMessageId,
  loadChat,
  type StoredChat,
  saveChat,
  unreadCount,
  withMessage,
} from '../chat/history';
import { visitorLocation } from '../chat/location';
import { hasStoredChat } from '../chat/presence';
import * as styles from './chat-widget.css';
import * as formStyles from './forms.css';
import { NameAndEmail } from './lead-parts';
import { SubmitButton } from './submit-button';
import { useSiteForm } from './use-site-form';

const api = createSiteClient({ baseURL: '/api' });
type Locale = 'en' | 'da';

/** A visitor message on its way: shown at once, replaced by the server's copy (same client_id). */
interface PendingMessage {
  client_id: string;
  msg: string;
}

function DetailsStep({ locale, onStarted }: { locale: Locale; onStarted: (chat: StoredChat) => void }) {
  const { form, fields, pending } = useSiteForm(
    (forms) => forms.ChatDetailsForm,
    async (visitor) => {
      const started = await api.chat.start({ body: { ...visitor, locale, page: location.pathname } });
      onStarted({
        conversation: { id: started.id, token: started.token, totp_secret: started.totp_secret },
        visitor,
        messages: [],
        readUpTo: 0,
        locationSent: false,
        updatedAt: Date.now(),
      });
    },
    { id: 'chat-details' },
  );
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={formStyles.form}>
      <p className={styles.intro}>
        <Trans>Tell us who you are, so we can answer you here or by email.</Trans>
      </p>
      <FormAlert errors={form.errors} />
      <NameAndEmail name={fields.name} email={fields.email} />
      <SubmitButton loading={pending}>
        <Trans>Start chat</Trans>
      </SubmitButton>
    </form>
  );
}

function Composer({ onSend }: { onSend: (text: string) => void }) {
  const { form, fields } = useSiteForm(
    (forms) => forms.ChatMessageForm,
    async ({ msg }) => onSend(msg),
    {
      id: 'chat-message',
      resetOnSuccess: true,
    },
  );
  // Enter sends, as in every chat; Shift+Enter starts a new line.
  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.composer}>
      <TextArea
        label={<Trans>Message</Trans>}
        {...fieldProps(fields.msg)}
        rows={2}
        maxLength={4000}
        required
        onKeyDown={sendOnEnter}
      />
      <Button type="submit" variant="primary">
        <Trans>Send</Trans>
      </Button>
    </form>
  );
}

/** Tab from the panel's last control goes round to its first (and Shift+Tab back), not out to the browser's own bar. */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const controls = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled), input, textarea, [href]'),
  ];
  const [first, last] = [controls[0], controls.at(-1)];
  const edge = event.shiftKey ? first : last;
  if (document.activeElement !== edge) return;
  event.preventDefault();
  (event.shiftKey ? last : first)?.focus();
}

function MessageList({ messages, pending }: { messages: ChatMessage[]; pending: PendingMessage[] }) {
  const { t, i18n } = useLingui();
  const end = useRef<HTMLLIElement>(null);
  const clock = new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit' });
  const author = { user: t`You`, bot: t`Tidewatch`, mattermost: t`Tidewatch team` };
  // The newest message in view whenever one arrives or is sent.
  const count = messages.length + pending.length;
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: 'end' });
  }, [count]);
  return (
    <ol className={styles.messages} aria-live="polite" aria-label={t`Messages`}>
      {messages.map((message) => (
        <li
          key={message.id}
          className={[styles.message, message.by === 'user' && styles.own].filter(Boolean).join(' ')}
        >
          <span className={styles.meta}>
            {author[message.by]}, <time dateTime={message.time}>{clock.format(new Date(message.time))}</time>
          </span>
          {message.msg}
        </li>
      ))}
      {pending.map((message) => (
        <li key={message.client_id} className={`${styles.message} ${styles.own}`}>
          <span className={styles.meta}>
            <Trans>You, sending…</Trans>
          </span>
          {message.msg}
        </li>
      ))}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}

function ChatWidget({
  locale,
  bubble,
  openRequests,
}: {
  locale: Locale;
  bubble: HTMLButtonElement;
  openRequests: number;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [chat, setChat] = useState<StoredChat | null>(null);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [staffOnline, setStaffOnline] = useState(true);
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const [ended, setEnded] = useState(false);
  const [pageVisible, setPageVisible] = useState(document.visibilityState === 'visible');
  const socket = useRef<ChatConnection>(null);
  const latest = useRef({ chat, pending });
  latest.current = { chat, pending };

  // A conversation from an earlier visit, if this browser has one; nothing is opened otherwise.
  useEffect(() => {
    void hasStoredChat().then(async (stored) => {
      if (stored) setChat(await loadChat());
    });
  }, []);
  useEffect(() => {
    if (chat) void saveChat(chat);
  }, [chat]);
  useEffect(() => {
    if (openRequests > 0) setOpen(true);
  }, [openRequests]);

  const token = chat?.conversation.token;
  useEffect(() => {
    if (!token) return;
    const send = (msg: string, client_id: string) =>
      socket.current?.send({ cmd: 'msg', msg, byAppUser: true, client_id });
    const onFrame = (frame: ServerFrame) => {
      if (frame.cmd === 'auth-ok') {
        setStaffOnline(frame.staff_online);
        setEnded(false);
        // What was written while the connection was down goes now.
        for (const message of latest.current.pending) send(message.msg, message.client_id);
        const current = latest.current.chat;
        if (current && !current.locationSent) {
          void visitorLocation(api, current.conversation).then((located) => {
            if (located && socket.current?.send(located))
              setChat((known) => known && { ...known, locationSent: true });
          });
        }
      } else if (frame.cmd === 'msg') {
        const { cmd: _cmd, ...message } = frame;
        setChat((known) => known && { ...known, messages: withMessage(known.messages, message) });
        if (frame.client_id)
          setPending((waiting) => waiting.filter((item) => item.client_id !== frame.client_id));
      } else if (frame.cmd === 'staff-online') setStaffOnline(frame.online);
      else if (frame.cmd === 'closed') setEnded(true);
    };
    const connection = connectChat({
      url: chatSocketUrl(location),
      token,
      lastMessageId: () => lastMessageId(latest.current.chat?.messages ?? []),
      onFrame,
      onState: setConnection,
      onRefused: () => {
        void forgetChat();
        setChat(null);
      },
    });
    socket.current = connection;
    return () => {
      connection.close();
      socket.current = null;
    };
  }, [token]);

  // The panel is a modal dialog: focus stays inside, Escape closes it, and focus goes back to the bubble.
  useEffect(() => {
    const panel = dialog.current;
    if (!panel) return;
    bubble.setAttribute('aria-expanded', String(open));
    if (open && !panel.open) panel.showModal();
    if (!open && panel.open) panel.close();
  }, [open, bubble]);

  // Straight to typing, on opening and once the details are in: the first field rather than the close button.
  const started = chat !== null;
  useEffect(() => {
    if (open && started) dialog.current?.querySelector<HTMLElement>('textarea')?.focus();
    else if (open) dialog.current?.querySelector<HTMLElement>('input')?.focus();
  }, [open, started]);

  useEffect(() => {
    const onVisibility = () => setPageVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // Seen is what arrived while the panel was open in a visible tab; the rest counts as unread.
  const lastId = lastMessageId(chat?.messages ?? []);
  useEffect(() => {
    if (open && pageVisible && chat && chat.readUpTo < lastId) setChat({ ...chat, readUpTo: lastId });
  }, [open, pageVisible, chat, lastId]);
  const unread = chat ? unreadCount(chat) : 0;
  const pageTitle = useRef(document.title);
  useEffect(() => {
    document.title = unread > 0 ? `(${unread}) ${pageTitle.current}` : pageTitle.current;
    const badge = bubble.querySelector<HTMLElement>('[data-chat-unread]');
    const count = bubble.querySelector<HTMLElement>('[data-chat-unread-count]');
    if (badge && count) {
      badge.hidden = unread === 0;
      count.textContent = String(unread);
    }
  }, [unread, bubble]);

  const sendMessage = (msg: string) => {
    const client_id = crypto.randomUUID();
    setPending((waiting) => [...waiting, { client_id, msg }]);
    socket.current?.send({ cmd: 'msg', msg, byAppUser: true, client_id });
  };
  const startAgain = () => {
    void forgetChat();
    setPending([]);
    setEnded(false);
    setChat(null);
  };

  return (
    <dialog
      ref={dialog}
      className={styles.panel}
      aria-labelledby={titleId}
      onKeyDown={keepFocusInside}
      onClose={() => {
        setOpen(false);
        bubble.focus();
      }}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          <Trans>Chat with Tidewatch</Trans>
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setOpen(false)}
          aria-label={t`Close chat`}
          icon={<X size={18} aria-hidden="true" />}
        />
      </div>
      {open && !chat && (
        <div className={styles.body}>
          <DetailsStep locale={locale} onStarted={setChat} />
        </div>
      )}
      {open && chat && (
        <>
          <div className={styles.body}>
            {!staffOnline && (
              <p className={styles.notice} role="status">
                <Trans>
                  No one from our team is online right now. Write your question anyway: we will reply by email
                  to {chat.visitor.email}.
                </Trans>
              </p>
            )}
            {connection === 'waiting' && (
              <p className={styles.notice} role="status">
                <Trans>The connection was lost. Reconnecting…</Trans>
              </p>
            )}
            <MessageList messages={chat.messages} pending={pending} />
            {ended && (
              <p className={styles.notice} role="status">
                <Trans>This conversation has been closed by our team.</Trans>{' '}
                <Button variant="secondary" size="sm" onClick={startAgain}>
                  <Trans>Start a new chat</Trans>
                </Button>
              </p>
            )}
          </div>
          {!ended && <Composer onSend={sendMessage} />}
        </>
      )}
    </dialog>
  );
}

/** Mounts the widget beside its bubble; `open()` opens the panel (the bubble's script calls it on a click). */
export function mountChatWidget(host: HTMLElement, options: { locale: Locale; bubble: HTMLButtonElement }) {
  // Its own prefix for useId, as Astro gives each island, so no id repeats one of theirs.
  const root = createRoot(host, { identifierPrefix: 'chat-' });
  let openRequests = 0;
  const render = () =>
    root.render(
      <I18nProvider i18n={islandI18n(options.locale, catalogs)}>
        <ChatWidget locale={options.locale} bubble={options.bubble} openRequests={openRequests} />
      </I18nProvider>,
    );
  render();
  return {
    open() {
      openRequests++;
      render();
    },
  };
}
