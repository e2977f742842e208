import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; mimeType: string; size: number }[];
  /** Each header by its lower-case name (the last, where one repeats). */
  headers: Record<string, string>;
  /** The mail's calendar invitation (its `text/calendar` part), as sent. */
  calendar: { method: string; content: string } | null;
}

/**
 * A real SMTP server on a free local port that keeps what it receives; with `dir`, it also
 * writes each message there as JSON, for test processes other than the one that started it.
 */
export async function startSmtpCapture(options: { dir?: string } = {}) {
  const received: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        const invitation = parsed.attachments.find((file) => file.mimeType === 'text/calendar');
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          replyTo: (parsed.replyTo ?? [])
            .flatMap((entry) => entry.group ?? [entry])
            .map((box) => box.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? '',
          attachments: parsed.attachments.map((file) => ({
            filename: file.filename ?? '',
            mimeType: file.mimeType,
            size: typeof file.content === 'string' ? file.content.length : file.content.byteLength,
          })),
          headers: Object.fromEntries(
            parsed.headers.map((header) => [header.key.toLowerCase(), header.value]),
          ),
          calendar: invitation
            ? {
                method: invitation.method ?? '',
                content:
                  typeof invitation.content === 'string'
                    ? invitation.content
                    : new TextDecoder().decode(invitation.content),
              }
            : null,
        };
        received.push(mail);
        if (options.dir) {
          fs.writeFileSync(
            path.join(options.dir, `${Date.now()}-${received.length}.json`),
            JSON.stringify(mail),
          );
        }
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits for a mail to `to` in a capture directory (written by another process). */
export async function waitForMail(
  dir: string,
  to: string,
  options: { after?: number; timeoutMs?: number } = {},
) {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    const files = fs
      .readdirSync(dir)
      .filter((file) => Number(file.split('-')[0]) >= (options.after ?? 0))
      .sort();
    for (const file of files.reverse()) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CapturedMail;
      if (mail.to.includes(to.toLowerCase())) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${to} arrived`);
}

/** The first link in a mail's text that points at `path`. */
export function linkIn(mail: CapturedMail, pathPart: string): URL {
  const match = mail.text.match(new RegExp(`https?://\\S*${pathPart}\\S*`));
  if (!match) throw new Error(`No ${pathPart} link in: ${mail.text}`);
  return new URL(match[0]);
}
