import { planName } from '@tidewatch/content';
import { FORMAT_LOCALE, type Language } from '../../lib/words';
import { layout, mailWords } from './layout';

// The mails of a customer's billing: the trial's end, the expense ceiling, invoices and credit notes.

const TRIAL_ENDING = {
  subject: /*i18n*/ 'Your {product} trial ends on {ends}',
  paragraphs: [/*i18n*/ 'Hello,', /*i18n*/ 'The 30-day {plan} trial of {company} ends on {ends}.'],
  converts:
    /*i18n*/ 'Your servers and clusters on the trial then move to the {convertsTo} plan you chose at sign-up, billed monthly from that day. You can choose another plan for each of them before then.',
  noPlan:
    /*i18n*/ 'No plan is chosen yet: choose one for each server and cluster before then, or alert handling and consultation stop. What we installed stays on your servers either way.',
  action: /*i18n*/ 'Choose your plans',
};

/** A week before a sign-up trial ends: what happens then, and where to choose plans. */
export function trialEndingMail(
  locale: Language,
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
  const ends = new Intl.DateTimeFormat(FORMAT_LOCALE[locale], {
    dateStyle: 'long',
    timeZone: input.timezone,
  }).format(input.endsAt);
  const copy = mailWords(locale, TRIAL_ENDING, {
    company: input.company,
    plan: planName(input.plan),
    ends,
    convertsTo: input.convertsTo ? planName(input.convertsTo) : '',
  });
  return {
    kind: 'trial-ending',
    to: input.to,
    subject: copy.subject,
    ...layout([...copy.paragraphs, input.convertsTo ? copy.converts : copy.noPlan], {
      label: copy.action,
      url: input.plansUrl,
    }),
  };
}

const TRIAL_ENDED = {
  converted: {
    subject: /*i18n*/ 'Your {product} trial is over: {convertedTo} from today',
    what: /*i18n*/ 'The 30-day {plan} trial of {company} has ended. Your servers and clusters on the trial are now on the {convertedTo} plan you chose at sign-up, billed monthly from today.',
  },
  stopped: {
    subject: /*i18n*/ 'Your {product} trial is over',
    what: /*i18n*/ 'The 30-day {plan} trial of {company} has ended without a plan chosen, so alert handling and consultation have stopped. What we installed stays on your servers.',
  },
  hello: /*i18n*/ 'Hello,',
  change: /*i18n*/ 'You can change the plan of each server and cluster in the portal at any time.',
  action: /*i18n*/ 'See your plans',
};

/** The end of a sign-up trial: converted to the plan chosen at sign-up, or ended without one. */
export function trialEndedMail(
  locale: Language,
  input: { to: string; company: string; plan: string; convertedTo: string | null; plansUrl: string },
) {
  const copy = mailWords(locale, TRIAL_ENDED, {
    company: input.company,
    plan: planName(input.plan),
    convertedTo: input.convertedTo ? planName(input.convertedTo) : '',
  });
  const outcome = input.convertedTo ? copy.converted : copy.stopped;
  return {
    kind: 'trial-ended',
    to: input.to,
    subject: outcome.subject,
    ...layout([copy.hello, outcome.what, copy.change], { label: copy.action, url: input.plansUrl }),
  };
}

const CEILING_REACHED = {
  subject: /*i18n*/ '{company} has reached its expense ceiling for this month',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ "This month's spend for {company} has reached its expense ceiling of {ceiling} EUR.",
    /*i18n*/ 'From now on we only handle alerts. Further ordinary work this month needs your approval first: approve it on the invoices page in the portal.',
  ],
  action: /*i18n*/ 'See the spend and approve work',
};

const GROUP_CEILING_REACHED = {
  subject: /*i18n*/ 'The {group} servers of {company} have reached their expense ceiling for this month',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ "This month's subscription for the {group} servers of {company} has reached their expense ceiling of {ceiling} EUR.",
  ],
  action: /*i18n*/ 'See the spend',
};

const CEILING_WARNING = {
  subject: /*i18n*/ '{company} has used {threshold} % of its expense ceiling for this month',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ "This month's spend for {company} is {spent} EUR, {percent} % of its expense ceiling of {ceiling} EUR. At this pace the month ends at {forecast} EUR.",
    /*i18n*/ 'At 100 % we only handle alerts until you approve further work. You can raise the ceiling or approve work on the invoices page in the portal.',
  ],
  action: /*i18n*/ 'See the spend',
};

const GROUP_CEILING_WARNING = {
  subject: /*i18n*/ 'The {group} servers of {company} have used {threshold} % of their expense ceiling',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ "This month's subscription for the {group} servers of {company} is {spent} EUR, {percent} % of their expense ceiling of {ceiling} EUR. At this pace the month ends at {forecast} EUR.",
  ],
  action: /*i18n*/ 'See the spend',
};

/**
 * Warns a customer's finance contacts and managers that this month's spend crossed 50, 80 or 100 %
 * of an expense ceiling: the customer's own (100 %: only alerts are handled until work is
 * approved), or a group's (`group` named).
 */
export function ceilingAlertMail(
  locale: Language,
  input: {
    to: string;
    company: string;
    group: string | null;
    threshold: number;
    percent: number;
    spentCents: number;
    ceilingCents: number;
    forecastCents: number;
    url: string;
  },
) {
  const euros = (cents: number) =>
    new Intl.NumberFormat(FORMAT_LOCALE[locale], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(cents / 100);
  const reached = input.threshold >= 100;
  const messages = input.group
    ? reached
      ? GROUP_CEILING_REACHED
      : GROUP_CEILING_WARNING
    : reached
      ? CEILING_REACHED
      : CEILING_WARNING;
  const copy = mailWords(locale, messages, {
    company: input.company,
    group: input.group ?? '',
    threshold: input.threshold,
    percent: input.percent,
    spent: euros(input.spentCents),
    ceiling: euros(input.ceilingCents),
    forecast: euros(input.forecastCents),
  });
  return {
    kind: reached ? 'expense-ceiling-reached' : 'expense-ceiling-warning',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }),
  };
}

const INVOICE_ISSUED = {
  subject: /*i18n*/ 'Invoice {number} from {product}',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ 'Attached is invoice {number} to {company}, for {total}, due on {due}.',
    /*i18n*/ 'Please quote the invoice number with the payment. Every invoice is also on the invoices page in the portal.',
  ],
  action: /*i18n*/ 'See your invoices',
};

/** An issued invoice, to one of the customer's billing contacts, with its PDF attached. */
export function invoiceIssuedMail(
  locale: Language,
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
  const { company, number, total, due } = input;
  const copy = mailWords(locale, INVOICE_ISSUED, { company, number, total, due });
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
  subject: /*i18n*/ 'Credit note {number} for invoice {invoice}',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ 'Attached is credit note {number} to {company}. It credits invoice {invoice} in full ({total}), so nothing more is owed for it.',
  ],
  action: /*i18n*/ 'See your invoices',
};

/** A credit note, to one of the customer's billing contacts, with its PDF attached. */
export function creditNoteMail(
  locale: Language,
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
  const { company, number, invoice, total } = input;
  const copy = mailWords(locale, CREDIT_NOTE_ISSUED, { company, number, invoice, total });
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
