import { FORMAT_LOCALE, type Language } from '../../lib/words';
import { layout, mailWords } from './layout';

const API_TOKEN_EXPIRING = {
  subject: /*i18n*/ 'The API token “{name}” of {company} expires on {expires}',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ 'The API token “{name}” ({scopes}) expires on {expires}. From then on, whatever calls the API with it is refused.',
    /*i18n*/ 'If it is still in use, make a new token in the portal, put it where the old one is used, and revoke the old one.',
  ],
  action: /*i18n*/ 'See the API tokens',
};

/** Tells a customer's managers, a week ahead, that one of its API tokens stops working. */
export function apiTokenExpiringMail(
  locale: Language,
  input: {
    to: string;
    company: string;
    name: string;
    scopes: string[];
    expiresAt: Date;
    timezone: string;
    tokensUrl: string;
  },
) {
  const expires = new Intl.DateTimeFormat(FORMAT_LOCALE[locale], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: input.timezone,
  }).format(input.expiresAt);
  const copy = mailWords(locale, API_TOKEN_EXPIRING, {
    company: input.company,
    name: input.name,
    scopes: input.scopes.join(', '),
    expires,
  });
  return {
    kind: 'api-token-expiring',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.tokensUrl }),
  };
}
