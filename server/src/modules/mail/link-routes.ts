import { brand } from '@tidewatch/content';
import { contract, type MailCategory } from '@tidewatch/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escape as escapeHtml } from 'html-escaper';
import { implement } from '../../core/route';
import { browserLanguage, inLanguage, type Language } from '../../lib/words';
import type { MailLink, MailLinks } from './mail-links';
import { setOptOuts } from './repository';

const CATEGORY_NAMES: Record<MailCategory, string> = {
  window_notices: /*i18n*/ 'service window notices',
  window_outcomes: /*i18n*/ 'service window outcomes',
  spend_alerts: /*i18n*/ 'spend alerts',
  invoices: /*i18n*/ 'invoices',
};

const PAGE = {
  ask: /*i18n*/ 'Stop {category} to {email}?',
  askMore:
    /*i18n*/ 'We will not send {category} to this address any more. You can turn them on again in the settings of the {product} portal.',
  button: /*i18n*/ 'Stop these mails',
  done: /*i18n*/ 'You will not get {category} at {email} any more',
  doneMore: /*i18n*/ 'Changed your mind? Turn them on again in the settings of the {product} portal.',
  settings: /*i18n*/ 'Open the settings',
  unknown: /*i18n*/ 'This link is not valid',
  unknownMore:
    /*i18n*/ 'Copy the whole link from the mail, or choose your mails in the settings of the {product} portal.',
};

/** The page's language: Danish for a reader whose browser asks for it first, else English. */
const languageOf = (request: FastifyRequest): Language => browserLanguage(request.headers['accept-language']);

/** A small page of its own: a mail's link opens outside the portal, for people who may have no account. */
function page(reply: FastifyReply, status: number, language: Language, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(brand.product)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

/**
 * The one-click unsubscribe links of the mails a person may stop (RFC 8058): mail clients POST
 * `List-Unsubscribe=One-Click`; a person opening the link gets a page whose button posts it, so a
 * link scanner's GET stops nothing. Outside the session scope: the link's signature is its authority.
 */
export async function mailLinkRoutes(app: FastifyInstance, options: { links: MailLinks; publicUrl: string }) {
  const { links } = options;
  // Mail clients and the page's form post form-encoded; nothing is read from the body.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, undefined),
  );
  const settingsUrl = `${options.publicUrl}/user/settings`;

  function linkOr404(request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) {
    const link = links.read(request.params.token);
    if (link) return link;
    const language = languageOf(request);
    const words = inLanguage(language, PAGE, { product: brand.product });
    void page(
      reply,
      404,
      language,
      words.unknown,
      `<p>${escapeHtml(words.unknownMore)}</p><p><a href="${escapeHtml(settingsUrl)}">${escapeHtml(words.settings)}</a></p>`,
    );
    return null;
  }

  /** The page's words for this link, in the reader's language. */
  function pageWords(request: FastifyRequest, link: MailLink) {
    const language = languageOf(request);
    const category = inLanguage(language, CATEGORY_NAMES)[link.category];
    return {
      language,
      words: inLanguage(language, PAGE, { product: brand.product, category, email: link.email }),
    };
  }

  implement(app, contract.mailLinks, {
    async unsubscribePage(request, reply) {
      const link = linkOr404(request, reply);
      if (!link) return;
      const { language, words } = pageWords(request, link);
      await page(
        reply,
        200,
        language,
        words.ask,
        `<p>${escapeHtml(words.askMore)}</p><form method="post"><button type="submit">${escapeHtml(words.button)}</button></form>`,
      );
    },

    async unsubscribe(request, reply) {
      const link = linkOr404(request, reply);
      if (!link) return;
      await setOptOuts(app.db, link.email, { stop: [link.category], start: [] }, app.now());
      request.log.info({ category: link.category }, 'an address stopped a kind of mail by its link');
      const { language, words } = pageWords(request, link);
      await page(
        reply,
        200,
        language,
        words.done,
        `<p>${escapeHtml(words.doneMore)}</p><p><a href="${escapeHtml(settingsUrl)}">${escapeHtml(words.settings)}</a></p>`,
      );
    },
  });
}
