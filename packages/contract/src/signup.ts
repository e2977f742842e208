import countries from 'i18n-iso-countries';
import { z } from 'zod';
import { Email, honeypot, Language, optionalText, requiredText, text } from './common';
import { Plan } from './infrastructure';
import { SetPasswordBody } from './passwords';
import { defineRoute, publicAccess } from './route';
import { TERMS_NOT_ACCEPTED } from './site-forms';
import { vatNumberFitsCountry } from './vat';

export { vatNumberFitsCountry };

/** A country by its ISO 3166-1 alpha-2 code. */
export const CountryCode = text({ error: /*i18n*/ 'Choose a country' })
  .trim()
  .toUpperCase()
  .refine((code) => countries.isValid(code), { error: /*i18n*/ 'Choose a country' });

export const TimeZone = text({ error: /*i18n*/ 'Choose a time zone' }).refine(
  (zone) => zone === 'UTC' || Intl.supportedValuesOf('timeZone').includes(zone),
  {
    error: /*i18n*/ 'Choose a time zone',
  },
);

/** Step one: the account. */
export const SignUpAccount = z.object({
  name: requiredText(/*i18n*/ 'Enter your name').max(200),
  company_name: requiredText(/*i18n*/ 'Enter your company name').max(200),
  country: CountryCode,
  timezone: TimeZone,
  email: Email,
  alert_email: Email,
});

/** Step two: billing. */
export const SignUpBilling = z.object({
  address: requiredText(/*i18n*/ 'Enter the street address').max(300),
  city: requiredText(/*i18n*/ 'Enter the city').max(100),
  state: optionalText(100),
  zipcode: requiredText(/*i18n*/ 'Enter the postal code').max(20),
  vat_id: optionalText(20),
  billing_email: Email,
  billing_email_cc: text()
    .trim()
    .max(254)
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.email({ error: /*i18n*/ 'Enter a valid email address' }).optional()),
  invoice_language: Language,
  /** The terms and the privacy policy accepted; the server records which terms (`TERMS_VERSION`) and when. */
  terms_accepted: z.literal(true, { error: TERMS_NOT_ACCEPTED }),
});

/** The VAT number, when given, must be one of the chosen country's. */
export function checkVatCountry(
  value: { vat_id?: string | undefined; country: string },
  context: z.RefinementCtx,
) {
  if (value.vat_id && !vatNumberFitsCountry(value.vat_id, value.country)) {
    context.addIssue({
      code: 'custom',
      path: ['vat_id'],
      message: /*i18n*/ 'This is not a VAT number of the country you chose',
    });
  }
}

/** Step two as the browser sends it, knowing the country chosen in step one. */
export const signUpBillingIn = (country: string) =>
  SignUpBilling.extend(honeypot).superRefine((value, context) =>
    checkVatCountry({ ...value, country }, context),
  );

export const SignUpBody = SignUpAccount.extend(SignUpBilling.shape)
  .extend({
    /** The language of the page signed up on; the new user's portal language. */
    language: Language.default('en'),
    /** The plan chosen on the pricing page: what the trial converts to. Left out: decide later. */
    plan: Plan.optional(),
    ...honeypot,
  })
  .superRefine(checkVatCountry);

/** Following the mailed link: its token, and the password the new account signs in with. */
export const ConfirmSignUpBody = SetPasswordBody;

export const signUpRoutes = {
  create: defineRoute({
    method: 'POST',
    creates: true,
    path: '/sign-up',
    access: publicAccess,
    summary:
      'Keep the sign-up for a day and mail a link that confirms the address; an address with an account gets the same answer and a mail saying so',
    body: SignUpBody,
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/sign-up/confirm',
    access: publicAccess,
    summary:
      "Create the customer, its first user with this password and a 30-day Basic trial from a sign-up's mailed link; a link works once, within a day",
    body: ConfirmSignUpBody,
  }),
};
