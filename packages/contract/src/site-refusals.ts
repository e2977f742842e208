/**
 * What the server answers the public site's forms with beyond the forms' own rules: a used link, a
 * taken address, a common password. Apart from refusals.ts, which uses them, so that an island's
 * forms' catalog (decision 0037: only the messages in the modules it imports) carries these with
 * the forms' rules (decision 0082) without every refusal of the portal's (decision 0073).
 */
export const SITE_REFUSALS = {
  linkUsed: /*i18n*/ 'This link has expired or was used already. Ask for a new one.',
  signUpAddressTaken: /*i18n*/ 'This address has an account already. Log in, or ask for a new password.',
  unsubscribeLinkInvalid: /*i18n*/ 'This link is not valid; enter your address instead',
  passwordIsEmail: /*i18n*/ 'Do not use your email address as your password',
  passwordTooCommon: /*i18n*/ 'This password is too common; choose another',
  signInCodeNeeded: /*i18n*/ 'Enter the 6-digit code from your authenticator app',
  signInCodeWrong: /*i18n*/ 'That code is not right, or was used already',
  signInPasskeyNeeded: /*i18n*/ 'Use your passkey, or enter one of your recovery codes',
  passkeySignInFailed:
    /*i18n*/ 'This passkey could not sign you in. Try again, or log in with your password.',
  wrongEmailOrPassword: /*i18n*/ 'Wrong email or password',
  useCompanySignIn:
    /*i18n*/ "Your company signs you in with its own sign-in: choose “Continue with your company's sign-in”",
} as const;
