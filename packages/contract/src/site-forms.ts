import * as z from 'zod/mini';
import { CV_FIELD, HONEYPOT_FIELD, PASSWORD_MIN_LENGTH } from './site-form-fields';

export {
  CV_FIELD,
  CV_TYPES,
  type CvExtension,
  HONEYPOT_FIELD,
  PASSWORD_MIN_LENGTH,
} from './site-form-fields';

/**
 * The public site's forms, checked in the browser with zod's small build (decision 0037): the same
 * field rules and messages as the contract's bodies, which the server applies in full. A test
 * (site-forms.test.ts) holds each to its contract body. Rules that need a large table (the list
 * of common passwords, every ISO country) are the server's alone; its answer shows in the same
 * field. The VAT check comes along lazily (`signUpBillingFormIn`).
 */

const UNSTORABLE = /[\0\p{Cs}]/u;
const storable = z.refine<string>((value) => !UNSTORABLE.test(value), {
  error: /*i18n*/ 'Remove the control characters from this text',
});

const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(storable);
const requiredText = (message: string, max: number, maxMessage?: string) =>
  text({ error: message }).check(
    z.trim(),
    z.minLength(1, { error: message }),
    z.maxLength(max, maxMessage ? { error: maxMessage } : undefined),
  );
const optionalText = (max: number, maxMessage?: string) =>
  z.pipe(
    z.optional(text().check(z.trim(), z.maxLength(max, maxMessage ? { error: maxMessage } : undefined))),
    z.transform((value: string | undefined) => value || undefined),
  );

const Email = z.pipe(
  text({ error: /*i18n*/ 'Enter your email address' }).check(z.trim(), z.toLowerCase(), z.maxLength(254)),
  z.email({ error: /*i18n*/ 'Enter a valid email address' }),
);
const honeypot = { [HONEYPOT_FIELD]: z.optional(text().check(z.maxLength(2000))) };
const shortText = (required: string) => requiredText(required, 200, /*i18n*/ 'Use at most 200 characters');
const MESSAGE_MAX = /*i18n*/ 'Keep it under 5000 characters';
/** The select offers only real countries; the server checks the code against ISO 3166 itself. */
const CountryCode = text({ error: /*i18n*/ 'Choose a country' }).check(
  z.trim(),
  z.toUpperCase(),
  z.regex(/^[A-Z]{2}$/, { error: /*i18n*/ 'Choose a country' }),
);
const Language = z.enum(['en', 'da']);

export const LoginForm = z.object({
  email: Email,
  password: text({ error: /*i18n*/ 'Enter your password' }).check(
    z.minLength(1, { error: /*i18n*/ 'Enter your password' }),
    z.maxLength(1024),
  ),
  code: z.optional(text().check(z.trim(), z.maxLength(32))),
});

export const ForgotPasswordForm = z.object({ email: Email });

export const SetPasswordForm = z.object({
  token: text({ error: /*i18n*/ 'This link is not complete' }).check(
    z.minLength(20, { error: /*i18n*/ 'This link is not complete' }),
    z.maxLength(200),
  ),
  password: text({ error: /*i18n*/ 'Choose a new password' }).check(
    // A literal, so that the catalog can carry it; a test keeps it in step with the constant.
    z.minLength(PASSWORD_MIN_LENGTH, { error: /*i18n*/ 'Use at least 12 characters' }),
    z.maxLength(256, { error: /*i18n*/ 'Use at most 256 characters' }),
  ),
});

export const UnsubscribeForm = z.object({
  email: Email,
  feedback: optionalText(2000, /*i18n*/ 'Keep it under 2000 characters'),
  token: z.optional(text().check(z.maxLength(200))),
});

export const ContactForm = z.object({
  name: shortText(/*i18n*/ 'Enter your name'),
  email: Email,
  company: optionalText(200, /*i18n*/ 'Use at most 200 characters'),
  message: requiredText(/*i18n*/ 'Write your message', 5000, MESSAGE_MAX),
  ...honeypot,
});

/** The chat widget's details step: who is asking, so a reply can come by email. */
export const ChatDetailsForm = z.object({ name: shortText(/*i18n*/ 'Enter your name'), email: Email });

/** A chat message: 1 to 4000 characters, not blank (spec section 5); kept as typed. */
export const ChatMessageForm = z.object({
  msg: text({ error: /*i18n*/ 'Write a message' }).check(
    z.refine((value) => value.trim().length > 0, { error: /*i18n*/ 'Write a message', abort: true }),
    z.maxLength(4000, { error: /*i18n*/ 'Keep a message under 4000 characters' }),
  ),
});

export const SolutionsBriefForm = z.object({
  name: shortText(/*i18n*/ 'Enter your name'),
  email: Email,
  phone: requiredText(/*i18n*/ 'Enter your phone number', Number.MAX_SAFE_INTEGER).check(
    z.refine((phone) => /^\+?[\d\s().-]{6,30}$/.test(phone) && /^(\D*\d){6,15}\D*$/.test(phone), {
      error: /*i18n*/ 'Enter a phone number, such as +45 12 34 56 78',
    }),
  ),
  company: shortText(/*i18n*/ 'Enter your company name'),
  job_role: shortText(/*i18n*/ 'Enter your job role'),
  ...honeypot,
});

export const EXPECTED_CUSTOMERS = ['1-4', '5-9', '10-24', '25+'] as const;
export type ExpectedCustomers = (typeof EXPECTED_CUSTOMERS)[number];

export const ResellerApplicationForm = z.object({
  company: shortText(/*i18n*/ 'Enter your company name'),
  name: shortText(/*i18n*/ 'Enter the name of the contact person'),
  email: Email,
  country: CountryCode,
  expected_customers: z.enum(EXPECTED_CUSTOMERS, { error: /*i18n*/ 'Choose how many customers you expect' }),
  message: optionalText(5000, MESSAGE_MAX),
  ...honeypot,
});

export const SignUpAccountForm = z.object({
  name: requiredText(/*i18n*/ 'Enter your name', 200),
  company_name: requiredText(/*i18n*/ 'Enter your company name', 200),
  country: CountryCode,
  timezone: text({ error: /*i18n*/ 'Choose a time zone' }).check(
    z.refine((zone) => zone === 'UTC' || Intl.supportedValuesOf('timeZone').includes(zone), {
      error: /*i18n*/ 'Choose a time zone',
    }),
  ),
  email: Email,
  alert_email: Email,
});

export const TERMS_NOT_ACCEPTED =
  /*i18n*/ 'Accept the terms and conditions and the privacy policy to create your account';

export const SignUpBillingForm = z.object({
  address: requiredText(/*i18n*/ 'Enter the street address', 300),
  city: requiredText(/*i18n*/ 'Enter the city', 100),
  state: optionalText(100),
  zipcode: requiredText(/*i18n*/ 'Enter the postal code', 20),
  vat_id: optionalText(20),
  billing_email: Email,
  billing_email_cc: z.pipe(
    optionalText(254),
    z.optional(z.email({ error: /*i18n*/ 'Enter a valid email address' })),
  ),
  invoice_language: Language,
  /** A ticked checkbox sends "on"; left unticked, nothing. */
  terms_accepted: z.pipe(
    z.literal('on', { error: TERMS_NOT_ACCEPTED }),
    z.transform(() => true as const),
  ),
  ...honeypot,
});

/**
 * Step two, knowing step one's country, once the VAT checker (`@tidewatch/contract/vat`, loaded
 * when the step shows) is there: the VAT number, when given, must be one of that country's.
 */
export const signUpBillingFormIn = (
  country: string,
  fitsCountry: (vatId: string, country: string) => boolean,
) =>
  SignUpBillingForm.check(
    z.superRefine((value, context) => {
      if (value.vat_id && !fitsCountry(value.vat_id, country)) {
        context.issues.push({
          code: 'custom',
          path: ['vat_id'],
          input: value.vat_id,
          message: /*i18n*/ 'This is not a VAT number of the country you chose',
        });
      }
    }),
  );

/** The largest CV we take; a bigger upload is refused with 413 before it is read to the end. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;

export const CV_REFUSALS = {
  wrongType: /*i18n*/ 'Send your CV as a PDF, DOCX or ODT file',
  tooLarge: /*i18n*/ 'Your CV can be at most 5 MB',
} as const;

export const JobApplicationForm = z.object({
  name: shortText(/*i18n*/ 'Enter your name'),
  email: Email,
  role: shortText(/*i18n*/ 'Choose the position you apply for'),
  message: optionalText(5000, MESSAGE_MAX),
  [CV_FIELD]: z
    .file({ error: /*i18n*/ 'Attach your CV' })
    .check(
      z.minSize(1, { error: /*i18n*/ 'Attach your CV' }),
      z.maxSize(CV_MAX_BYTES, { error: CV_REFUSALS.tooLarge }),
    ),
  ...honeypot,
});
