import { fillRefusal, type RefusalValues } from '@tidewatch/contract';
import { serverCatalog } from '@tidewatch/i18n/server-catalog';

/** The languages the server writes mails and invoices in. */
export type Language = 'en' | 'da';

/** How dates and amounts are written in each language. */
export const FORMAT_LOCALE = { en: 'en-GB', da: 'da-DK' } as const satisfies Record<Language, string>;

/** An amount in euros as the language writes it, to the cent; `whole` rounds to the euro (a chart's labels). */
export const formatCents = (cents: number, language: Language, { whole = false } = {}) =>
  new Intl.NumberFormat(FORMAT_LOCALE[language], {
    style: 'currency',
    currency: 'EUR',
    ...(whole && { maximumFractionDigits: 0 }),
  }).format(cents / 100);

/** A calendar date (`YYYY-MM-DD`, or the date of a timestamp) written out: `31 October 2026`, `31. oktober 2026`. */
export const formatDate = (date: string, language: Language) =>
  new Intl.DateTimeFormat(FORMAT_LOCALE[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date.slice(0, 10)}T00:00:00Z`),
  );

/** A month (`YYYY-MM`) by name: `October 2026`, `oktober 2026`. */
export const formatMonth = (month: string, language: Language) =>
  new Intl.DateTimeFormat(FORMAT_LOCALE[language], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));

/** The language of a page the server answers a browser with: Danish when it asks for Danish first, else English. */
export const browserLanguage = (acceptLanguage: string | undefined): Language =>
  /^\s*da\b/i.test(acceptLanguage ?? '') ? 'da' : 'en';

/** A catalog id (a message's English, marked for the catalog where it is written) in the language, its placeholders filled. */
export const say = (language: Language, messageId: string, values: RefusalValues = {}) =>
  fillRefusal(serverCatalog(language).get(messageId) || messageId, values);

/**
 * Every text of `messages`, each a catalog id (its English, marked for the catalog where it is
 * written), in the language with its placeholders filled: the refusals' mechanism (decision 0068)
 * for the mails and invoices the server writes (decision 0085).
 */
export function inLanguage<Messages>(
  language: Language,
  messages: Messages,
  values: RefusalValues = {},
): Messages {
  const translated = (node: unknown): unknown => {
    if (typeof node === 'string') return say(language, node, values);
    if (Array.isArray(node)) return node.map(translated);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, translated(value)]));
    }
    return node;
  };
  return translated(messages) as Messages;
}
