import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { createDrainLoop } from '../../lib/drain-loop';
import { countHit } from '../../plugins/rate-limit';
import { CATEGORY_OF_KIND } from './categories';
import type { MailLinks } from './mail-links';
import {
  claimDueMail,
  insertMails,
  markMailSent,
  type OutboxRow,
  optedOut,
  recordMailFailure,
} from './repository';

export interface Mail {
  /** What the mail is for, recorded with it (e.g. `password-reset`). */
  kind: string;
  to: string;
  /** Where answers go, when not to the sender (a lead's notification answers the visitor). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Marketing mail: where one click unsubscribes (sent as the List-Unsubscribe header). */
  listUnsubscribe?: string;
  /** A file sent with the mail. */
  attachment?: { filename: string; contentType: string; content: Uint8Array };
  /** A calendar invitation (iTIP), sent as the mail's `text/calendar` part and as `invite.ics`. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

export const OUTBOX = {
  /** How often an idle worker looks for mail another replica queued. */
  pollMs: 1_000,
  batch: 20,
  maxAttempts: 8,
  /** The wait after the first try; it doubles with each try, up to an hour. */
  firstBackoffSeconds: 60,
  maxBackoffSeconds: 60 * 60,
} as const;

/** Mail that a visitor's form, a password reset or an invitation may send to one address: at most this many an hour. */
export const RECIPIENT_CAP = { perHour: 3, windowMs: 60 * 60_000 } as const;

export interface Mailer {
  /**
   * Writes mail to the outbox for the worker to deliver. `capped` mail goes to an address a
   * visitor typed: past the address's hourly cap it is left out, and the log says so. A kind of
   * mail a person may stop is left out for an address that stopped it, and carries its one-click
   * unsubscribe link.
   */
  queue(mails: Mail[], log: FastifyBaseLogger, options?: { capped?: boolean }): Promise<void>;
  /** Counts one mail to `to` against the address's hourly cap; false once the cap is used up. */
  hasRoomFor(to: string): Promise<boolean>;
  /** Starts delivering in the background: on each queue, and every `OUTBOX.pollMs`. */
  start(): void;
  /** Delivers everything due now and resolves when done (tests await it instead of sleeping). */
  drain(): Promise<void>;
  /** Stops the worker after the delivery under way. */
  close(): Promise<void>;
}

/**
 * Keeps every mail in the outbox and delivers it off the request: through `smtpUrl` when there
 * is one, otherwise to the log, so someone running the demo can follow a link from the terminal.
 * Rows are claimed with one atomic update, so several replicas never send one mail twice.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Signs the one-click unsubscribe links of the kinds of mail a person may stop. */
  links: MailLinks;
}): Mailer {
  const { db, log, now } = options;
  // Timeouts stay well inside the claim, so a slow server never lets another worker take the mail.
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : undefined;

  async function deliver(mail: OutboxRow) {
    if (!transport) {
      log.info(
        { mail: { kind: mail.kind, to: mail.to, subject: mail.subject, text: mail.text } },
        'mail written to the log (no SMTP_URL)',
      );
      return;
    }
    await transport.sendMail({
      from: options.from,
      to: mail.to,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      list: mail.listUnsubscribe ? { unsubscribe: mail.listUnsubscribe } : undefined,
      headers: mail.oneClickUnsubscribe
        ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : undefined,
      icalEvent:
        mail.calendar && mail.calendarMethod
          ? { method: mail.calendarMethod, filename: 'invite.ics', content: mail.calendar }
          : undefined,
      attachments: mail.attachment
        ? [
            {
              filename: mail.attachmentName ?? 'attachment',
              contentType: mail.attachmentType ?? 'application/octet-stream',
              content: Buffer.from(mail.attachment),
            },
          ]
        : undefined,
    });
  }

  /** Claims a batch of due mail, pushing each one's next try out by its backoff, and delivers it. */
  async function deliverDue(): Promise<number> {
    const claimed = await claimDueMail(db, now(), OUTBOX);
    for (const mail of claimed) {
      try {
        await deliver(mail);
        await markMailSent(db, mail.id, now());
      } catch (error) {
        await recordMailFailure(db, mail.id, String(error));
        const final = mail.attempts >= OUTBOX.maxAttempts;
        log.error(
          { err: error, mail: { id: mail.id, kind: mail.kind, attempt: mail.attempts } },
          final ? 'mail was not sent; no more tries' : 'mail was not sent; it will be tried again',
        );
      }
    }
    return claimed.length;
  }

  const loop = createDrainLoop({
    takeBatch: deliverDue,
    batch: OUTBOX.batch,
    pollMs: OUTBOX.pollMs,
    log,
    failure: 'outbox delivery failed',
  });

  async function hasRoomFor(to: string) {
    const { current } = await countHit(
      db,
      `mail-recipient|${to.toLowerCase()}`,
      RECIPIENT_CAP.windowMs,
      now(),
    );
    return current <= RECIPIENT_CAP.perHour;
  }

  return {
    hasRoomFor,
    async queue(mails, requestLog, { capped = false } = {}) {
      const kept: (Mail & { oneClickUnsubscribe?: boolean })[] = [];
      const stopped = await optedOut(
        db,
        mails.filter((mail) => CATEGORY_OF_KIND[mail.kind]).map((mail) => mail.to),
      );
      for (const mail of mails) {
        if (capped && !(await hasRoomFor(mail.to))) {
          requestLog.warn({ mail: { kind: mail.kind } }, 'mail not sent: its recipient had enough this hour');
          continue;
        }
        const category = CATEGORY_OF_KIND[mail.kind];
        if (!category) {
          kept.push(mail);
          continue;
        }
        if (stopped.has(`${mail.to.toLowerCase()}|${category}`)) {
          requestLog.info({ mail: { kind: mail.kind } }, 'mail not sent: its recipient stopped this kind');
          continue;
        }
        const listUnsubscribe = options.links.url({ email: mail.to, category });
        kept.push({ ...mail, listUnsubscribe, oneClickUnsubscribe: true });
      }
      if (!kept.length) return;
      const createdAt = now();
      await insertMails(
        db,
        kept.map(({ attachment, calendar, ...mail }) => ({
          ...mail,
          calendarMethod: calendar?.method,
          calendar: calendar?.content,
          attachmentName: attachment?.filename,
          attachmentType: attachment?.contentType,
          attachment: attachment?.content,
          createdAt,
          nextAttemptAt: createdAt,
        })),
      );
      if (loop.started) void loop.run();
    },
    start: loop.start,
    drain: loop.run,
    async close() {
      await loop.stop();
      transport?.close();
    },
  };
}
