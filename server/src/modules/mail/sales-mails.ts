import { brand } from '@tidewatch/content';
import type { Language } from '../../lib/words';
import { layout, mailWords } from './layout';

// What sales sends to a visitor of the site, in the language of the page they wrote from.

const SOLUTIONS_BRIEF = {
  subject: /*i18n*/ 'Your {product} solutions brief',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ 'Thank you for your interest in {product}. Here is the solutions brief you asked for: how we run your Linux servers and Kubernetes clusters, what each plan covers, and how onboarding works.',
    /*i18n*/ 'Questions? Reply to this mail or call us on {phone}.',
  ],
  action: /*i18n*/ 'Download the solutions brief (PDF)',
  unsubscribe: /*i18n*/ 'No more mail from us? Unsubscribe',
};

/**
 * The visitor's copy of the solutions-brief link, in the language of the page they asked on.
 * The address is not proven, so the mail repeats nothing the visitor typed. It comes from
 * sales, so it carries a signed unsubscribe link, in the text and as a header.
 */
export function solutionsBriefMail(
  locale: Language,
  input: { to: string; url: string; unsubscribeUrl: string },
) {
  const copy = mailWords(locale, SOLUTIONS_BRIEF);
  return {
    kind: 'solutions-brief',
    to: input.to,
    replyTo: brand.contact.salesEmail,
    subject: copy.subject,
    listUnsubscribe: input.unsubscribeUrl,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }, 'sales', [], {
      label: copy.unsubscribe,
      url: input.unsubscribeUrl,
    }),
  };
}

const CHAT_REPLY = {
  subject: /*i18n*/ 'A reply to your chat with {product}',
  paragraphs: [
    /*i18n*/ 'Hello {name},',
    /*i18n*/ 'You had left the chat when we answered, so here is our reply:',
  ],
  action: /*i18n*/ 'Visit our website',
};

/** A staff reply mailed to a visitor who had left the chat; an answer to the mail reaches sales. */
export function chatReplyMail(
  locale: Language,
  input: { to: string; name: string; reply: string; siteUrl: string },
) {
  const copy = mailWords(locale, CHAT_REPLY, { name: input.name });
  return {
    kind: 'chat-reply',
    to: input.to,
    replyTo: brand.contact.salesEmail,
    subject: copy.subject,
    ...layout([...copy.paragraphs, input.reply], { label: copy.action, url: input.siteUrl }, 'sales'),
  };
}
