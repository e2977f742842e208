import { brand } from '@tidewatch/content';
import { escape as escapeHtml } from 'html-escaper';

type Locale = 'en' | 'da';

/** A plain layout every mail shares: the text version is the source, the HTML says the same. */
function layout(paragraphs: string[], action: { label: string; url: string }, footer: string) {
  const text = [...paragraphs, `${action.label}: ${action.url}`, '', footer].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f1b2a;max-width:560px;margin:0 auto;padding:24px">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0b4f8a;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="color:#4a5868;font-size:14px">${escapeHtml(footer)}</p>
</body></html>`;
  return { text, html };
}

const PASSWORD_RESET = {
  en: (name: string, minutes: number) => ({
    subject: `Set your ${brand.product} password`,
    paragraphs: [
      `Hello ${name},`,
      `Someone asked to set a new password for your ${brand.product} account. Use the link below within ${minutes} minutes; it works once.`,
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
    action: 'Set a new password',
    footer: `${brand.product} · ${brand.contact.supportEmail}`,
  }),
  da: (name: string, minutes: number) => ({
    subject: `Vælg din adgangskode til ${brand.product}`,
    paragraphs: [
      `Hej ${name}`,
      `Nogen har bedt om at vælge en ny adgangskode til din ${brand.product}-konto. Brug linket herunder inden for ${minutes} minutter; det virker én gang.`,
      'Hvis det ikke var dig, kan du se bort fra denne mail: din adgangskode forbliver den samme.',
    ],
    action: 'Vælg en ny adgangskode',
    footer: `${brand.product} · ${brand.contact.supportEmail}`,
  }),
} satisfies Record<Locale, unknown>;

export function passwordResetMail(
  locale: Locale,
  input: { to: string; name: string; url: string; validMinutes: number },
) {
  const copy = PASSWORD_RESET[locale](input.name, input.validMinutes);
  return {
    kind: 'password-reset',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }, copy.footer),
  };
}

const WELCOME = {
  en: (name: string, company: string, hours: number) => ({
    subject: `Welcome to ${brand.product}: set your password`,
    paragraphs: [
      `Hello ${name},`,
      `${company} now has a ${brand.product} account with a 30-day trial of the Basic plan. Set your password to log in; the link works once, within ${hours} hours.`,
    ],
    action: 'Set your password',
    footer: `${brand.product} · ${brand.contact.supportEmail}`,
  }),
  da: (name: string, company: string, hours: number) => ({
    subject: `Velkommen til ${brand.product}: vælg din adgangskode`,
    paragraphs: [
      `Hej ${name}`,
      `${company} har nu en ${brand.product}-konto med 30 dages gratis prøve på Basic-planen. Vælg din adgangskode for at logge ind; linket virker én gang og inden for ${hours} timer.`,
    ],
    action: 'Vælg din adgangskode',
    footer: `${brand.product} · ${brand.contact.supportEmail}`,
  }),
} satisfies Record<Locale, unknown>;

export function welcomeMail(
  locale: Locale,
  input: { to: string; name: string; company: string; url: string; validMinutes: number },
) {
  const copy = WELCOME[locale](input.name, input.company, Math.round(input.validMinutes / 60));
  return {
    kind: 'welcome',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }, copy.footer),
  };
}

const ACCOUNT_EXISTS = {
  en: () => ({
    subject: `You already have a ${brand.product} account`,
    paragraphs: [
      `Someone tried to sign up for ${brand.product} with this address, which already has an account.`,
      'If it was you, log in, or ask for a new password if you have forgotten it. If it was not, you need not do anything.',
    ],
    action: 'Log in',
    footer: `${brand.product} · ${brand.contact.supportEmail}`,
  }),
  da: () => ({
    subject: `Du har allerede en ${brand.product}-konto`,
    paragraphs: [
      `Nogen har forsøgt at oprette en ${brand.product}-konto med denne adresse, som allerede har en konto.`,
      'Hvis det var dig, så log ind, eller bed om en ny adgangskode, hvis du har glemt den. Hvis det ikke var dig, behøver du ikke gøre noget.',
    ],
    action: 'Log ind',
    footer: `${brand.product} · ${brand.contact.supportEmail}`,
  }),
} satisfies Record<Locale, unknown>;

export function accountExistsMail(locale: Locale, input: { to: string; loginUrl: string }) {
  const copy = ACCOUNT_EXISTS[locale]();
  return {
    kind: 'account-exists',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.loginUrl }, copy.footer),
  };
}
