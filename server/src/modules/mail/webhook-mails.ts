import type { Language } from '../../lib/words';
import { layout, mailWords } from './layout';

const WEBHOOK_DISABLED = {
  subject: /*i18n*/ 'A webhook of {company} was turned off',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ 'Every delivery to {url} has failed for three days, so we turned the webhook off; events are not sent to it now.',
    /*i18n*/ 'When the receiver works again, turn the webhook on in the portal; its delivery log shows what the receiver answered.',
  ],
  action: /*i18n*/ 'See the webhooks',
};

/** Tells a customer's managers that an endpoint failing for three days was turned off. */
export function webhookDisabledMail(
  locale: Language,
  input: { to: string; company: string; url: string; webhooksUrl: string },
) {
  const copy = mailWords(locale, WEBHOOK_DISABLED, { company: input.company, url: input.url });
  return {
    kind: 'webhook-disabled',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.webhooksUrl }),
  };
}
