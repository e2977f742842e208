import { z } from 'zod';
import { Email, honeypot, Language, requiredText, text } from './common';
import { defineRoute, publicAccess } from './route';
import { CountryCode } from './signup';
import { EXPECTED_CUSTOMERS, type ExpectedCustomers } from './site-forms';

/** What a lead came from: the contact form, a solutions-brief download, or a reseller application. */
export const LEAD_KINDS = ['contact', 'solutions_brief', 'reseller_application'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** How many new customers a reseller expects to bring in its first year. */
export { EXPECTED_CUSTOMERS, type ExpectedCustomers };

/** The solutions brief in each language, as the site publishes it. */
export const SOLUTIONS_BRIEF_PATHS = {
  en: '/downloads/solutions-brief.pdf',
  da: '/da/downloads/solutions-brief.pdf',
} as const;

export const shortText = (required: string) =>
  requiredText(required).max(200, { error: /*i18n*/ 'Use at most 200 characters' });

export const MESSAGE_MAX = { error: /*i18n*/ 'Keep it under 5000 characters' } as const;

export const PhoneNumber = requiredText(/*i18n*/ 'Enter your phone number').refine(
  (phone) => /^\+?[\d\s().-]{6,30}$/.test(phone) && /^(\D*\d){6,15}\D*$/.test(phone),
  { error: /*i18n*/ 'Enter a phone number, such as +45 12 34 56 78' },
);

/** Every lead form sends these besides its own fields. */
export const leadExtras = {
  /** The language of the page the form was sent from; the visitor's mail is in it. */
  language: Language.default('en'),
  ...honeypot,
};

export const ContactBody = z.object({
  name: shortText(/*i18n*/ 'Enter your name'),
  email: Email,
  company: text()
    .trim()
    .max(200, { error: /*i18n*/ 'Use at most 200 characters' })
    .optional()
    .transform((value) => value || undefined),
  message: requiredText(/*i18n*/ 'Write your message').max(5000, MESSAGE_MAX),
  ...leadExtras,
});

export const SolutionsBriefBody = z.object({
  name: shortText(/*i18n*/ 'Enter your name'),
  email: Email,
  phone: PhoneNumber,
  company: shortText(/*i18n*/ 'Enter your company name'),
  job_role: shortText(/*i18n*/ 'Enter your job role'),
  ...leadExtras,
});

export const ResellerApplicationBody = z.object({
  company: shortText(/*i18n*/ 'Enter your company name'),
  name: shortText(/*i18n*/ 'Enter the name of the contact person'),
  email: Email,
  country: CountryCode,
  expected_customers: z.enum(EXPECTED_CUSTOMERS, {
    error: /*i18n*/ 'Choose how many customers you expect',
  }),
  message: text()
    .trim()
    .max(5000, MESSAGE_MAX)
    .optional()
    .transform((value) => value || undefined),
  ...leadExtras,
});

/** Where the brief is, relative to the site; the same link goes out by mail. */
export const SolutionsBriefDownload = z.object({ download_url: z.string() });

export const leadRoutes = {
  contact: defineRoute({
    method: 'POST',
    creates: true,
    path: '/leads/contact',
    access: publicAccess,
    summary: 'Send a message to the sales team from the contact form',
    body: ContactBody,
  }),
  solutionsBrief: defineRoute({
    method: 'POST',
    creates: true,
    path: '/leads/solutions-brief',
    access: publicAccess,
    summary: 'Ask for the solutions brief: answers its address and mails the link to the visitor',
    body: SolutionsBriefBody,
    response: SolutionsBriefDownload,
  }),
  resellerApplication: defineRoute({
    method: 'POST',
    creates: true,
    path: '/leads/reseller-applications',
    access: publicAccess,
    summary: 'Apply to the reseller programme; the partner team is told by mail',
    body: ResellerApplicationBody,
  }),
};
