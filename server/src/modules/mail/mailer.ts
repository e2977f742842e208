import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { outbox } from '../../db/schema';

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
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Sends through `smtpUrl` when there is one; otherwise keeps mail in the outbox table and
 * prints it, so someone running the demo can follow a link from the terminal.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          list: mail.listUnsubscribe ? { unsubscribe: mail.listUnsubscribe } : undefined,
        });
      },
      close: () => transport.close(),
    };
  }
  return {
    async send({ listUnsubscribe: _inTheText, ...mail }) {
      await options.db.insert(outbox).values({ ...mail, createdAt: options.now() });
      options.log.info(
        { mail: { kind: mail.kind, to: mail.to, subject: mail.subject, text: mail.text } },
        'mail kept in the outbox (no SMTP_URL)',
      );
    },
    close: () => undefined,
  };
}

/**
 * Sends each mail and logs the ones that fail instead of failing the request: what the request
 * stored stays stored, and its answer does not tell who has an account by failing only for them.
 */
export async function sendOrLog(mailer: Mailer, log: FastifyBaseLogger, mails: Mail[]): Promise<void> {
  const sent = await Promise.allSettled(mails.map((mail) => mailer.send(mail)));
  for (const [index, result] of sent.entries()) {
    if (result.status === 'rejected') {
      log.error({ err: result.reason, mail: mails[index]?.kind }, 'mail was not sent');
    }
  }
}
