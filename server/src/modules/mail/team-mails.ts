import type { Language } from '../../lib/words';
import { type Details, layout, SITE_LANGUAGE } from './layout';

// The team's own notices of what visitors sent, in English (the team's language): not translated.

type LeadKind = 'contact' | 'solutions_brief' | 'reseller_application';

const LEAD_NOTICE: Record<LeadKind, { title: string; what: (name: string, site: string) => string }> = {
  contact: {
    title: 'Message from the contact form',
    what: (name, site) => `${name} sent a message through the contact form on the ${site} site.`,
  },
  solutions_brief: {
    title: 'Solutions brief downloaded',
    what: (name, site) =>
      `${name} downloaded the solutions brief from the ${site} site; the link was mailed to them too.`,
  },
  reseller_application: {
    title: 'Reseller application',
    what: (name, site) => `${name} applied to the reseller programme from the ${site} site.`,
  },
};

const countryName = new Intl.DisplayNames(['en'], { type: 'region' });

/** The sales team's notice of a lead, in English (the team's language); a reply goes to the visitor. */
export function leadNotificationMail(input: {
  to: string;
  kind: LeadKind;
  locale: Language;
  name: string;
  email: string;
  company?: string | undefined;
  phone?: string | undefined;
  jobRole?: string | undefined;
  country?: string | undefined;
  expectedCustomers?: string | undefined;
  message?: string | undefined;
}) {
  const notice = LEAD_NOTICE[input.kind];
  const details: Details = [
    ['Name', input.name],
    ['Email', input.email],
    ['Company', input.company],
    ['Phone', input.phone],
    ['Job role', input.jobRole],
    ['Country', input.country && `${countryName.of(input.country) ?? input.country} (${input.country})`],
    ['Expected customers in the first year', input.expectedCustomers],
    ['Message', input.message],
  ].filter((detail): detail is [string, string] => Boolean(detail[1]));
  const paragraphs = [
    notice.what(input.name, SITE_LANGUAGE[input.locale]),
    `Reply to this mail to answer them${input.locale === 'da' ? ', in Danish' : ''}.`,
  ];
  return {
    kind: `lead-${input.kind.replace('_', '-')}`,
    to: input.to,
    replyTo: input.email,
    subject: `${notice.title}: ${input.name}${input.company ? `, ${input.company}` : ''}`,
    ...layout(
      paragraphs,
      { label: `Write to ${input.name}`, url: `mailto:${input.email}` },
      'website',
      details,
    ),
  };
}

/** The careers team's copy of a job application, in English, with the CV attached; a reply goes to the applicant. */
export function jobApplicationMail(input: {
  to: string;
  locale: Language;
  name: string;
  email: string;
  role: string;
  message?: string | undefined;
  cv: { filename: string; contentType: string; content: Uint8Array };
}) {
  const details: Details = [
    ['Name', input.name],
    ['Email', input.email],
    ['Position', input.role],
    ['CV', `${input.cv.filename} (attached, ${Math.ceil(input.cv.content.byteLength / 1024)} KB)`],
    ['Message', input.message],
  ].filter((detail): detail is [string, string] => Boolean(detail[1]));
  return {
    kind: 'job-application',
    to: input.to,
    replyTo: input.email,
    subject: `Job application: ${input.name}, ${input.role}`,
    attachment: input.cv,
    ...layout(
      [
        `${input.name} applied for ${input.role} from the ${SITE_LANGUAGE[input.locale]} careers page.`,
        `Reply to this mail to answer them${input.locale === 'da' ? ', in Danish' : ''}.`,
      ],
      { label: `Write to ${input.name}`, url: `mailto:${input.email}` },
      'website',
      details,
    ),
  };
}

/** The sales team's notice of a chat's first visitor message, in English; a reply goes to the visitor. */
export function chatStartedMail(input: {
  to: string;
  locale: Language;
  name: string;
  email: string;
  page: string;
  message: string;
  inboxUrl: string;
}) {
  return {
    kind: 'chat-started',
    to: input.to,
    replyTo: input.email,
    subject: `Chat from the website: ${input.name}`,
    ...layout(
      [
        `${input.name} started a chat on the ${SITE_LANGUAGE[input.locale]} site.`,
        'Answer in the staff inbox while they are there, or reply to this mail.',
      ],
      { label: 'Open the chat inbox', url: input.inboxUrl },
      'website',
      [
        ['Name', input.name],
        ['Email', input.email],
        ['Page', input.page],
        ['Message', input.message],
      ],
    ),
  };
}
