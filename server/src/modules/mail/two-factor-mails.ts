import type { Language } from '../../lib/words';
import { layout, mailWords } from './layout';

const RECOVERY_CODE_USED = {
  subject: /*i18n*/ 'A recovery code was used to sign in to your {product} account',
  paragraphs: [
    /*i18n*/ 'Hello {name},',
    /*i18n*/ 'Someone signed in to your {product} account with one of your recovery codes, from the address {ip}. Each code works once: {left, plural, =0 {you have none left, so make new ones now} one {you have # left} other {you have # left}}.',
    /*i18n*/ 'If it was you, make new recovery codes in your settings before they run out. If it was not you, change your password at once, make new recovery codes (the old ones then stop working) and write to {supportEmail}.',
  ],
  action: /*i18n*/ 'Open your settings',
};

/** Tells a user a recovery code of theirs was used, so one used by someone else does not go unnoticed. */
export function recoveryCodeUsedMail(
  locale: Language,
  input: { to: string; name: string; ip: string; codesLeft: number; settingsUrl: string },
) {
  const copy = mailWords(locale, RECOVERY_CODE_USED, {
    name: input.name,
    ip: input.ip,
    left: input.codesLeft,
  });
  return {
    kind: 'recovery-code-used',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.settingsUrl }),
  };
}
