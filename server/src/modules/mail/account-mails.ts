import type { Language } from '../../lib/words';
import { layout, mailWords } from './layout';

// The mails of a user's account: choosing a password, invitations, sign-up, and their refusals.

const PASSWORD_RESET = {
  subject: /*i18n*/ 'Set your {product} password',
  paragraphs: [
    /*i18n*/ 'Hello {name},',
    /*i18n*/ 'Someone asked to set a new password for your {product} account. Use the link below within {minutes} minutes; it works once.',
    /*i18n*/ 'If it was not you, ignore this mail: your password stays as it is.',
  ],
  action: /*i18n*/ 'Set a new password',
};

export function passwordResetMail(
  locale: Language,
  input: { to: string; name: string; url: string; validMinutes: number },
) {
  const copy = mailWords(locale, PASSWORD_RESET, { name: input.name, minutes: input.validMinutes });
  return {
    kind: 'password-reset',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }),
  };
}

const WELCOME = {
  subject: /*i18n*/ 'Your {product} account for {company}',
  paragraphs: [
    /*i18n*/ 'Hello {name},',
    /*i18n*/ 'We have made a {product} account for you as the first user of {company}. Choose your password with the link below within {hours} hours; it works once. Then log in with this address.',
    /*i18n*/ 'If you did not expect this mail, write to {supportEmail}.',
  ],
  action: /*i18n*/ 'Choose your password',
};

/** Invites a new customer's first user, made by staff, to choose a password. */
export function welcomeMail(
  locale: Language,
  input: { to: string; name: string; company: string; url: string; validMinutes: number },
) {
  const copy = mailWords(locale, WELCOME, {
    name: input.name,
    company: input.company,
    hours: Math.round(input.validMinutes / 60),
  });
  return {
    kind: 'welcome',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }),
  };
}

const INVITATION = {
  subject: /*i18n*/ '{inviter} invited you to {company} on {product}',
  paragraphs: [
    /*i18n*/ 'Hello {name},',
    /*i18n*/ '{inviter} has invited you to the {product} portal of {company}. Choose your password with the link below within {days} days; it works once. Then log in with this address.',
    /*i18n*/ 'If you did not expect this mail, ignore it or write to {supportEmail}.',
  ],
  action: /*i18n*/ 'Accept and choose your password',
};

/** Invites a person a customer's manager (or staff) added, in the invitee's language, to choose a password. */
export function invitationMail(
  locale: Language,
  input: { to: string; name: string; inviter: string; company: string; url: string; validMinutes: number },
) {
  const copy = mailWords(locale, INVITATION, {
    name: input.name,
    inviter: input.inviter,
    company: input.company,
    days: Math.round(input.validMinutes / 1440),
  });
  return {
    kind: 'invitation',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }),
  };
}

const SIGN_UP_VERIFICATION = {
  subject: /*i18n*/ 'Confirm your {product} sign-up',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ 'Someone signed up for {product} with this address. To confirm it was you, follow the link below within {hours} hours and choose your password; your account and its 30-day trial of the Basic plan start then.',
    /*i18n*/ 'If it was not you, ignore this mail: no account is made.',
  ],
  action: /*i18n*/ 'Confirm and set your password',
};

/** The link that proves a sign-up's address; it names nothing the visitor typed. */
export function signUpVerificationMail(
  locale: Language,
  input: { to: string; url: string; validMinutes: number },
) {
  const copy = mailWords(locale, SIGN_UP_VERIFICATION, { hours: Math.round(input.validMinutes / 60) });
  return {
    kind: 'sign-up-verification',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }),
  };
}

const NO_ACCOUNT = {
  subject: /*i18n*/ 'No {product} account has this address',
  paragraphs: [
    /*i18n*/ 'Someone asked to set a new password for a {product} account with this address, but no active account has it.',
    /*i18n*/ 'If it was you, perhaps your account uses another address. If it was not, you need not do anything.',
  ],
  action: /*i18n*/ 'Sign up',
};

/** Answers a password reset for an address without an account, so both cost the same mail. */
export function noAccountMail(locale: Language, input: { to: string; signUpUrl: string }) {
  const copy = mailWords(locale, NO_ACCOUNT);
  return {
    kind: 'no-account',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.signUpUrl }),
  };
}

const ACCOUNT_EXISTS = {
  subject: /*i18n*/ 'You already have a {product} account',
  paragraphs: [
    /*i18n*/ 'Someone tried to sign up for {product} with this address, which already has an account.',
    /*i18n*/ 'If it was you, log in, or ask for a new password if you have forgotten it. If it was not, you need not do anything.',
  ],
  action: /*i18n*/ 'Log in',
};

export function accountExistsMail(locale: Language, input: { to: string; loginUrl: string }) {
  const copy = mailWords(locale, ACCOUNT_EXISTS);
  return {
    kind: 'account-exists',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.loginUrl }),
  };
}
