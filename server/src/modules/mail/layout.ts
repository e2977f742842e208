import { brand } from '@tidewatch/content';
import type { RefusalValues } from '@tidewatch/contract';
import { escape as escapeHtml } from 'html-escaper';
import { inLanguage, type Language } from '../../lib/words';

/** Labelled values shown as a list after the paragraphs (e.g. what a visitor sent). */
export type Details = [label: string, value: string][];

/** Who a mail's footer names: customer mail support, sales mail sales, the team's own mail the website. */
const FOOTERS = {
  support: `${brand.product} · ${brand.contact.supportEmail}`,
  sales: `${brand.product} · ${brand.contact.salesEmail}`,
  website: `${brand.product} website`,
};

/** A plain layout every mail shares: the text version is the source, the HTML says the same. */
export function layout(
  paragraphs: string[],
  action: { label: string; url: string },
  from: keyof typeof FOOTERS = 'support',
  details: Details = [],
  unsubscribe?: { label: string; url: string },
) {
  const footer = FOOTERS[from];
  const detailText = details
    .map(([label, value]) => (value.includes('\n') ? `${label}:\n${value}` : `${label}: ${value}`))
    .join('\n');
  const text = [
    ...paragraphs,
    ...(detailText ? [detailText] : []),
    `${action.label}: ${action.url}`,
    '',
    footer,
    ...(unsubscribe ? [`${unsubscribe.label}: ${unsubscribe.url}`] : []),
  ].join('\n\n');
  const detailHtml = details.length
    ? `<table style="border-collapse:collapse;margin:16px 0">${details
        .map(
          ([label, value]) =>
            `<tr><th style="text-align:left;vertical-align:top;padding:4px 16px 4px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f1b2a;max-width:560px;margin:0 auto;padding:24px">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${detailHtml}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0b4f8a;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="color:#4a5868;font-size:14px">${escapeHtml(footer)}</p>
${unsubscribe ? `<p style="color:#4a5868;font-size:14px"><a href="${escapeHtml(unsubscribe.url)}" style="color:#4a5868">${escapeHtml(unsubscribe.label)}</a></p>` : ''}
</body></html>`;
  return { text, html };
}

/** The brand's names and addresses, which any mail's text may name as placeholders. */
const BRAND_VALUES = {
  product: brand.product,
  supportEmail: brand.contact.supportEmail,
  phone: brand.contact.phone,
};

/** A mail's texts (catalog ids) in the reader's language, the brand's names filled in with the values. */
export const mailWords = <Messages>(language: Language, messages: Messages, values: RefusalValues = {}) =>
  inLanguage(language, messages, { ...BRAND_VALUES, ...values });

/** The site a visitor wrote from, named by its language in the team's notices. */
export const SITE_LANGUAGE: Record<Language, string> = { en: 'English', da: 'Danish' };
