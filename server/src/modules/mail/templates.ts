import { brand, planName } from '@tidewatch/content';
import { escape as escapeHtml } from 'html-escaper';

type Locale = 'en' | 'da';

/** Labelled values shown as a list after the paragraphs (e.g. what a visitor sent). */
type Details = [label: string, value: string][];

/** Who a mail's footer names: customer mail support, sales mail sales, the team's own mail the website. */
const FOOTERS = {
  support: `${brand.product} · ${brand.contact.supportEmail}`,
  sales: `${brand.product} · ${brand.contact.salesEmail}`,
  website: `${brand.product} website`,
};

/** A plain layout every mail shares: the text version is the source, the HTML says the same. */
function layout(
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

const PASSWORD_RESET = {
  en: (name: string, minutes: number) => ({
    subject: `Set your ${brand.product} password`,
    paragraphs: [
      `Hello ${name},`,
      `Someone asked to set a new password for your ${brand.product} account. Use the link below within ${minutes} minutes; it works once.`,
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
    action: 'Set a new password',
  }),
  da: (name: string, minutes: number) => ({
    subject: `Vælg din adgangskode til ${brand.product}`,
    paragraphs: [
      `Hej ${name}`,
      `Nogen har bedt om at vælge en ny adgangskode til din ${brand.product}-konto. Brug linket herunder inden for ${minutes} minutter; det virker én gang.`,
      'Hvis det ikke var dig, kan du se bort fra denne mail: din adgangskode forbliver den samme.',
    ],
    action: 'Vælg en ny adgangskode',
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
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }),
  };
}

const WELCOME = {
  en: (name: string, company: string, hours: number) => ({
    subject: `Your ${brand.product} account for ${company}`,
    paragraphs: [
      `Hello ${name},`,
      `We have made a ${brand.product} account for you as the first user of ${company}. Choose your password with the link below within ${hours} hours; it works once. Then log in with this address.`,
      `If you did not expect this mail, write to ${brand.contact.supportEmail}.`,
    ],
    action: 'Choose your password',
  }),
  da: (name: string, company: string, hours: number) => ({
    subject: `Din ${brand.product}-konto for ${company}`,
    paragraphs: [
      `Hej ${name}`,
      `Vi har oprettet en ${brand.product}-konto til dig som den første bruger hos ${company}. Vælg din adgangskode med linket herunder inden for ${hours} timer; det virker én gang. Log derefter ind med denne adresse.`,
      `Hvis du ikke ventede denne mail, så skriv til ${brand.contact.supportEmail}.`,
    ],
    action: 'Vælg din adgangskode',
  }),
} satisfies Record<Locale, unknown>;

/** Invites a new customer's first user, made by staff, to choose a password. */
export function welcomeMail(
  locale: Locale,
  input: { to: string; name: string; company: string; url: string; validMinutes: number },
) {
  const copy = WELCOME[locale](input.name, input.company, Math.round(input.validMinutes / 60));
  return {
    kind: 'welcome',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }),
  };
}

const INVITATION = {
  en: (name: string, inviter: string, company: string, days: number) => ({
    subject: `${inviter} invited you to ${company} on ${brand.product}`,
    paragraphs: [
      `Hello ${name},`,
      `${inviter} has invited you to the ${brand.product} portal of ${company}. Choose your password with the link below within ${days} days; it works once. Then log in with this address.`,
      `If you did not expect this mail, ignore it or write to ${brand.contact.supportEmail}.`,
    ],
    action: 'Accept and choose your password',
  }),
  da: (name: string, inviter: string, company: string, days: number) => ({
    subject: `${inviter} har inviteret dig til ${company} på ${brand.product}`,
    paragraphs: [
      `Hej ${name}`,
      `${inviter} har inviteret dig til ${company}s ${brand.product}-portal. Vælg din adgangskode med linket herunder inden for ${days} dage; det virker én gang. Log derefter ind med denne adresse.`,
      `Hvis du ikke ventede denne mail, kan du se bort fra den eller skrive til ${brand.contact.supportEmail}.`,
    ],
    action: 'Accepter og vælg din adgangskode',
  }),
} satisfies Record<Locale, unknown>;

/** Invites a person a customer's manager (or staff) added, in the invitee's language, to choose a password. */
export function invitationMail(
  locale: Locale,
  input: { to: string; name: string; inviter: string; company: string; url: string; validMinutes: number },
) {
  const copy = INVITATION[locale](
    input.name,
    input.inviter,
    input.company,
    Math.round(input.validMinutes / 1440),
  );
  return {
    kind: 'invitation',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }),
  };
}

const SIGN_UP_VERIFICATION = {
  en: (hours: number) => ({
    subject: `Confirm your ${brand.product} sign-up`,
    paragraphs: [
      'Hello,',
      `Someone signed up for ${brand.product} with this address. To confirm it was you, follow the link below within ${hours} hours and choose your password; your account and its 30-day trial of the Basic plan start then.`,
      'If it was not you, ignore this mail: no account is made.',
    ],
    action: 'Confirm and set your password',
  }),
  da: (hours: number) => ({
    subject: `Bekræft din tilmelding til ${brand.product}`,
    paragraphs: [
      'Hej',
      `Nogen har tilmeldt sig ${brand.product} med denne adresse. Følg linket herunder inden for ${hours} timer for at bekræfte, at det var dig, og vælg din adgangskode; din konto og dens 30 dages gratis prøve på Basic-planen starter da.`,
      'Hvis det ikke var dig, kan du se bort fra denne mail: der oprettes ingen konto.',
    ],
    action: 'Bekræft og vælg din adgangskode',
  }),
} satisfies Record<Locale, unknown>;

/** The link that proves a sign-up's address; it names nothing the visitor typed. */
export function signUpVerificationMail(
  locale: Locale,
  input: { to: string; url: string; validMinutes: number },
) {
  const copy = SIGN_UP_VERIFICATION[locale](Math.round(input.validMinutes / 60));
  return {
    kind: 'sign-up-verification',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }),
  };
}

const NO_ACCOUNT = {
  en: () => ({
    subject: `No ${brand.product} account has this address`,
    paragraphs: [
      `Someone asked to set a new password for a ${brand.product} account with this address, but no active account has it.`,
      'If it was you, perhaps your account uses another address. If it was not, you need not do anything.',
    ],
    action: 'Sign up',
  }),
  da: () => ({
    subject: `Ingen ${brand.product}-konto har denne adresse`,
    paragraphs: [
      `Nogen har bedt om at vælge en ny adgangskode til en ${brand.product}-konto med denne adresse, men ingen aktiv konto har den.`,
      'Hvis det var dig, bruger din konto måske en anden adresse. Hvis det ikke var dig, behøver du ikke gøre noget.',
    ],
    action: 'Tilmeld dig',
  }),
} satisfies Record<Locale, unknown>;

/** Answers a password reset for an address without an account, so both cost the same mail. */
export function noAccountMail(locale: Locale, input: { to: string; signUpUrl: string }) {
  const copy = NO_ACCOUNT[locale]();
  return {
    kind: 'no-account',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.signUpUrl }),
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
  }),
  da: () => ({
    subject: `Du har allerede en ${brand.product}-konto`,
    paragraphs: [
      `Nogen har forsøgt at oprette en ${brand.product}-konto med denne adresse, som allerede har en konto.`,
      'Hvis det var dig, så log ind, eller bed om en ny adgangskode, hvis du har glemt den. Hvis det ikke var dig, behøver du ikke gøre noget.',
    ],
    action: 'Log ind',
  }),
} satisfies Record<Locale, unknown>;

export function accountExistsMail(locale: Locale, input: { to: string; loginUrl: string }) {
  const copy = ACCOUNT_EXISTS[locale]();
  return {
    kind: 'account-exists',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.loginUrl }),
  };
}

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

const SITE_LANGUAGE: Record<Locale, string> = { en: 'English', da: 'Danish' };
const countryName = new Intl.DisplayNames(['en'], { type: 'region' });

/** The sales team's notice of a lead, in English (the team's language); a reply goes to the visitor. */
export function leadNotificationMail(input: {
  to: string;
  kind: LeadKind;
  locale: Locale;
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
  locale: Locale;
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

const SOLUTIONS_BRIEF = {
  en: () => ({
    subject: `Your ${brand.product} solutions brief`,
    paragraphs: [
      'Hello,',
      `Thank you for your interest in ${brand.product}. Here is the solutions brief you asked for: how we run your Linux servers and Kubernetes clusters, what each plan covers, and how onboarding works.`,
      `Questions? Reply to this mail or call us on ${brand.contact.phone}.`,
    ],
    action: 'Download the solutions brief (PDF)',
    unsubscribe: 'No more mail from us? Unsubscribe',
  }),
  da: () => ({
    subject: `Dit løsningsoverblik fra ${brand.product}`,
    paragraphs: [
      'Hej',
      `Tak for din interesse for ${brand.product}. Her er det løsningsoverblik, du bad om: hvordan vi driver dine Linux-servere og Kubernetes-klynger, hvad hver plan dækker, og hvordan opstarten foregår.`,
      `Spørgsmål? Svar på denne mail, eller ring til os på ${brand.contact.phone}.`,
    ],
    action: 'Hent løsningsoverblikket (PDF)',
    unsubscribe: 'Ingen flere mails fra os? Afmeld',
  }),
} satisfies Record<Locale, unknown>;

/**
 * The visitor's copy of the solutions-brief link, in the language of the page they asked on.
 * The address is not proven, so the mail repeats nothing the visitor typed. It comes from
 * sales, so it carries a signed unsubscribe link, in the text and as a header.
 */
export function solutionsBriefMail(
  locale: Locale,
  input: { to: string; url: string; unsubscribeUrl: string },
) {
  const copy = SOLUTIONS_BRIEF[locale]();
  return {
    kind: 'solutions-brief',
    to: input.to,
    replyTo: brand.contact.salesEmail,
    subject: copy.subject,
    listUnsubscribe: input.unsubscribeUrl,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }, 'sales', [], {
      label: copy.unsubscribe,
      url: input.unsubscribeUrl,
    }),
  };
}

const SERVICE_WINDOW_NOTICE = {
  en: (group: string, rebootAllowed: boolean) => ({
    dateLocale: 'en-GB',
    subject: (start: string) => `Service window for ${group}: ${start}`,
    paragraphs: [
      'Hello,',
      `A service window for ${group} is coming up. Updates are installed on the servers and clusters below${rebootAllowed ? ', and they may reboot' : ''}.`,
      'To skip it for some of them, ask for an exemption in the portal before the window starts.',
    ],
    labels: {
      group: 'Update group',
      starts: 'Starts',
      ends: 'Ends',
      reboot: 'Reboot allowed',
      targets: 'Servers and clusters',
      yes: 'Yes',
      no: 'No',
      none: 'None',
    },
    action: 'See the bookings',
  }),
  da: (group: string, rebootAllowed: boolean) => ({
    dateLocale: 'da-DK',
    subject: (start: string) => `Servicevindue for ${group}: ${start}`,
    paragraphs: [
      'Hej',
      `Et servicevindue for ${group} nærmer sig. Opdateringer installeres på serverne og klyngerne herunder${rebootAllowed ? ', og de kan genstarte' : ''}.`,
      'Hvis nogle af dem skal springes over, så bed om en undtagelse i portalen, før vinduet starter.',
    ],
    labels: {
      group: 'Opdateringsgruppe',
      starts: 'Starter',
      ends: 'Slutter',
      reboot: 'Genstart tilladt',
      targets: 'Servere og klynger',
      yes: 'Ja',
      no: 'Nej',
      none: 'Ingen',
    },
    action: 'Se bookingerne',
  }),
} satisfies Record<Locale, unknown>;

/** A window's advance notice to the update group's contacts, in the customer's language (contacts carry none). */
export function serviceWindowNoticeMail(
  locale: Locale,
  input: {
    to: string;
    group: string;
    startsAt: Date;
    endsAt: Date;
    timezone: string;
    rebootAllowed: boolean;
    targets: string[];
    bookingsUrl: string;
  },
) {
  const copy = SERVICE_WINDOW_NOTICE[locale](input.group, input.rebootAllowed);
  const local = (date: Date) =>
    new Intl.DateTimeFormat(copy.dateLocale, {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: input.timezone,
    }).format(date);
  const { labels } = copy;
  const details: Details = [
    [labels.group, input.group],
    [labels.starts, `${local(input.startsAt)} (${input.timezone})`],
    [labels.ends, `${local(input.endsAt)} (${input.timezone})`],
    [labels.reboot, input.rebootAllowed ? labels.yes : labels.no],
    [labels.targets, input.targets.join('\n') || labels.none],
  ];
  return {
    kind: 'service-window-notice',
    to: input.to,
    subject: copy.subject(local(input.startsAt)),
    ...layout(copy.paragraphs, { label: copy.action, url: input.bookingsUrl }, 'support', details),
  };
}

/** The sales team's notice of a chat's first visitor message, in English; a reply goes to the visitor. */
export function chatStartedMail(input: {
  to: string;
  locale: Locale;
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

const CHAT_REPLY = {
  en: (name: string) => ({
    subject: `A reply to your chat with ${brand.product}`,
    paragraphs: [`Hello ${name},`, 'You had left the chat when we answered, so here is our reply:'],
    action: 'Visit our website',
  }),
  da: (name: string) => ({
    subject: `Svar på din chat med ${brand.product}`,
    paragraphs: [`Hej ${name}`, 'Du havde forladt chatten, da vi svarede, så her er vores svar:'],
    action: 'Besøg vores websted',
  }),
};

/** A staff reply mailed to a visitor who had left the chat; an answer to the mail reaches sales. */
export function chatReplyMail(
  locale: Locale,
  input: { to: string; name: string; reply: string; siteUrl: string },
) {
  const copy = CHAT_REPLY[locale](input.name);
  return {
    kind: 'chat-reply',
    to: input.to,
    replyTo: brand.contact.salesEmail,
    subject: copy.subject,
    ...layout([...copy.paragraphs, input.reply], { label: copy.action, url: input.siteUrl }, 'sales'),
  };
}

const TRIAL_ENDING = {
  en: (input: { company: string; plan: string; ends: string; convertsTo: string | null }) => ({
    subject: `Your ${brand.product} trial ends on ${input.ends}`,
    paragraphs: [
      'Hello,',
      `The 30-day ${input.plan} trial of ${input.company} ends on ${input.ends}.`,
      input.convertsTo
        ? `Your servers and clusters on the trial then move to the ${input.convertsTo} plan you chose at sign-up, billed monthly from that day. You can choose another plan for each of them before then.`
        : 'No plan is chosen yet: choose one for each server and cluster before then, or alert handling and consultation stop. What we installed stays on your servers either way.',
    ],
    action: 'Choose your plans',
  }),
  da: (input: { company: string; plan: string; ends: string; convertsTo: string | null }) => ({
    subject: `Din prøveperiode hos ${brand.product} slutter den ${input.ends}`,
    paragraphs: [
      'Hej',
      `Prøveperioden på 30 dage med ${input.plan} for ${input.company} slutter den ${input.ends}.`,
      input.convertsTo
        ? `Jeres servere og klynger i prøveperioden går derefter over på ${input.convertsTo}-planen, som I valgte ved tilmeldingen, og faktureres månedligt fra den dag. I kan vælge en anden plan for hver af dem inden da.`
        : 'Der er endnu ikke valgt en plan: vælg en for hver server og klynge inden da, ellers stopper alarmhåndtering og rådgivning. Det, vi har installeret, bliver på jeres servere under alle omstændigheder.',
    ],
    action: 'Vælg jeres planer',
  }),
} satisfies Record<Locale, unknown>;

/** A week before a sign-up trial ends: what happens then, and where to choose plans. */
export function trialEndingMail(
  locale: Locale,
  input: {
    to: string;
    company: string;
    plan: string;
    endsAt: Date;
    timezone: string;
    convertsTo: string | null;
    plansUrl: string;
  },
) {
  const dateLocale = locale === 'da' ? 'da-DK' : 'en-GB';
  const ends = new Intl.DateTimeFormat(dateLocale, { dateStyle: 'long', timeZone: input.timezone }).format(
    input.endsAt,
  );
  const copy = TRIAL_ENDING[locale]({
    company: input.company,
    plan: planName(input.plan),
    ends,
    convertsTo: input.convertsTo && planName(input.convertsTo),
  });
  return {
    kind: 'trial-ending',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.plansUrl }),
  };
}

const TRIAL_ENDED = {
  en: (input: { company: string; plan: string; convertedTo: string | null }) => ({
    subject: input.convertedTo
      ? `Your ${brand.product} trial is over: ${input.convertedTo} from today`
      : `Your ${brand.product} trial is over`,
    paragraphs: [
      'Hello,',
      input.convertedTo
        ? `The 30-day ${input.plan} trial of ${input.company} has ended. Your servers and clusters on the trial are now on the ${input.convertedTo} plan you chose at sign-up, billed monthly from today.`
        : `The 30-day ${input.plan} trial of ${input.company} has ended without a plan chosen, so alert handling and consultation have stopped. What we installed stays on your servers.`,
      'You can change the plan of each server and cluster in the portal at any time.',
    ],
    action: 'See your plans',
  }),
  da: (input: { company: string; plan: string; convertedTo: string | null }) => ({
    subject: input.convertedTo
      ? `Din prøveperiode hos ${brand.product} er slut: ${input.convertedTo} fra i dag`
      : `Din prøveperiode hos ${brand.product} er slut`,
    paragraphs: [
      'Hej',
      input.convertedTo
        ? `Prøveperioden på 30 dage med ${input.plan} for ${input.company} er slut. Jeres servere og klynger i prøveperioden er nu på ${input.convertedTo}-planen, som I valgte ved tilmeldingen, og faktureres månedligt fra i dag.`
        : `Prøveperioden på 30 dage med ${input.plan} for ${input.company} er slut, uden at der er valgt en plan, så alarmhåndtering og rådgivning er stoppet. Det, vi har installeret, bliver på jeres servere.`,
      'I kan til enhver tid ændre planen for hver server og klynge i portalen.',
    ],
    action: 'Se jeres planer',
  }),
} satisfies Record<Locale, unknown>;

/** The end of a sign-up trial: converted to the plan chosen at sign-up, or ended without one. */
export function trialEndedMail(
  locale: Locale,
  input: { to: string; company: string; plan: string; convertedTo: string | null; plansUrl: string },
) {
  const copy = TRIAL_ENDED[locale]({
    company: input.company,
    plan: planName(input.plan),
    convertedTo: input.convertedTo && planName(input.convertedTo),
  });
  return {
    kind: 'trial-ended',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.plansUrl }),
  };
}

const CEILING_REACHED = {
  en: (company: string, ceiling: string) => ({
    subject: `${company} has reached its expense ceiling for this month`,
    paragraphs: [
      'Hello,',
      `This month's spend for ${company} has reached its expense ceiling of ${ceiling} EUR.`,
      'From now on we only handle alerts. Further ordinary work this month needs your approval first: approve it on the invoices page in the portal.',
    ],
    action: 'See the spend and approve work',
  }),
  da: (company: string, ceiling: string) => ({
    subject: `${company} har nået sit udgiftsloft for denne måned`,
    paragraphs: [
      'Hej',
      `Denne måneds forbrug for ${company} har nået udgiftsloftet på ${ceiling} EUR.`,
      'Fra nu af håndterer vi kun alarmer. Andet arbejde i denne måned kræver først jeres godkendelse: godkend det på fakturasiden i portalen.',
    ],
    action: 'Se forbruget og godkend arbejde',
  }),
} satisfies Record<Locale, unknown>;

/** Tells a customer its hard expense ceiling is reached (once a month). */
export function ceilingReachedMail(
  locale: Locale,
  input: { to: string; company: string; ceilingEur: number; url: string },
) {
  const copy = CEILING_REACHED[locale](input.company, input.ceilingEur.toFixed(2));
  return {
    kind: 'expense-ceiling-reached',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }),
  };
}

const INVOICE_ISSUED = {
  en: (input: { company: string; number: string; total: string; due: string }) => ({
    subject: `Invoice ${input.number} from ${brand.product}`,
    paragraphs: [
      'Hello,',
      `Attached is invoice ${input.number} to ${input.company}, for ${input.total}, due on ${input.due}.`,
      'Please quote the invoice number with the payment. Every invoice is also on the invoices page in the portal.',
    ],
    action: 'See your invoices',
  }),
  da: (input: { company: string; number: string; total: string; due: string }) => ({
    subject: `Faktura ${input.number} fra ${brand.product}`,
    paragraphs: [
      'Hej',
      `Vedhæftet er faktura ${input.number} til ${input.company} på ${input.total}, som forfalder ${input.due}.`,
      'Angiv venligst fakturanummeret ved betalingen. Alle fakturaer findes også på fakturasiden i portalen.',
    ],
    action: 'Se jeres fakturaer',
  }),
} satisfies Record<Locale, unknown>;

/** An issued invoice, to one of the customer's billing contacts, with its PDF attached. */
export function invoiceIssuedMail(
  locale: Locale,
  input: {
    to: string;
    company: string;
    number: string;
    total: string;
    due: string;
    url: string;
    pdf: Uint8Array;
  },
) {
  const copy = INVOICE_ISSUED[locale](input);
  return {
    kind: 'invoice-issued',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }),
    attachment: {
      filename: `invoice-${input.number}.pdf`,
      contentType: 'application/pdf',
      content: input.pdf,
    },
  };
}

const CREDIT_NOTE_ISSUED = {
  en: (input: { company: string; number: string; invoice: string; total: string }) => ({
    subject: `Credit note ${input.number} for invoice ${input.invoice}`,
    paragraphs: [
      'Hello,',
      `Attached is credit note ${input.number} to ${input.company}. It credits invoice ${input.invoice} in full (${input.total}), so nothing more is owed for it.`,
    ],
    action: 'See your invoices',
  }),
  da: (input: { company: string; number: string; invoice: string; total: string }) => ({
    subject: `Kreditnota ${input.number} for faktura ${input.invoice}`,
    paragraphs: [
      'Hej',
      `Vedhæftet er kreditnota ${input.number} til ${input.company}. Den krediterer faktura ${input.invoice} fuldt ud (${input.total}), så der skyldes ikke mere for den.`,
    ],
    action: 'Se jeres fakturaer',
  }),
} satisfies Record<Locale, unknown>;

/** A credit note, to one of the customer's billing contacts, with its PDF attached. */
export function creditNoteMail(
  locale: Locale,
  input: {
    to: string;
    company: string;
    number: string;
    invoice: string;
    total: string;
    url: string;
    pdf: Uint8Array;
  },
) {
  const copy = CREDIT_NOTE_ISSUED[locale](input);
  return {
    kind: 'credit-note-issued',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }),
    attachment: {
      filename: `credit-note-${input.number}.pdf`,
      contentType: 'application/pdf',
      content: input.pdf,
    },
  };
}
