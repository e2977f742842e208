import { OUTCOME_KINDS, type OutcomeKind } from '@tidewatch/domain';
import { FORMAT_LOCALE, type Language } from '../../lib/words';
import { type Details, layout, mailWords } from './layout';

const SERVICE_WINDOW_NOTICE = {
  subject: /*i18n*/ 'Service window for {group}: {start}',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ 'A service window for {group} is coming up. Updates are installed on the servers and clusters below{reboot, select, yes {, and they may reboot} other {}}.',
    /*i18n*/ 'To skip it for some of them, ask for an exemption in the portal before the window starts.',
  ],
  action: /*i18n*/ 'See the bookings',
};

const SERVICE_WINDOW_CHANGED = {
  subject: /*i18n*/ 'Service window for {group} moved: {start}',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ 'The service window for {group} has changed; this is its new time. The invitation in this mail replaces the one you had.',
    /*i18n*/ 'To skip it for some of them, ask for an exemption in the portal before the window starts.',
  ],
  action: /*i18n*/ 'See the bookings',
};

const SERVICE_WINDOW_CANCELLED = {
  subject: /*i18n*/ 'Service window for {group} cancelled: {start}',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ 'The service window for {group} on {start} will not happen for your servers: its day was taken out of the schedule, or every machine in it was exempted. The invitation in this mail removes it from your calendar.',
  ],
  action: /*i18n*/ 'See the bookings',
};

const WINDOW_LABELS = {
  group: /*i18n*/ 'Update group',
  starts: /*i18n*/ 'Starts',
  ends: /*i18n*/ 'Ends',
  startsHere: /*i18n*/ 'Starts, your time',
  reboot: /*i18n*/ 'Reboot allowed',
  targets: /*i18n*/ 'Servers and clusters',
  yes: /*i18n*/ 'Yes',
  no: /*i18n*/ 'No',
  none: /*i18n*/ 'None',
};

const WINDOW_MAILS = {
  notice: SERVICE_WINDOW_NOTICE,
  changed: SERVICE_WINDOW_CHANGED,
  cancelled: SERVICE_WINDOW_CANCELLED,
};

/**
 * A window's word to the update group's contacts, in the customer's language (contacts carry
 * none): its advance notice, its new time, or its cancellation, each with the calendar invitation
 * that puts it in, moves it in or takes it out of their calendar. The time is in the window's own
 * zone, and in the customer's where that differs (the zone its people most likely read in).
 */
export function serviceWindowNoticeMail(
  locale: Language,
  input: {
    word: keyof typeof WINDOW_MAILS;
    to: string;
    group: string;
    startsAt: Date;
    endsAt: Date;
    timezone: string;
    /** The customer's zone. */
    readerZone: string;
    rebootAllowed: boolean;
    targets: string[];
    bookingsUrl: string;
    calendar: { method: 'REQUEST' | 'CANCEL'; content: string };
  },
) {
  const local = (date: Date, timeZone = input.timezone) =>
    new Intl.DateTimeFormat(FORMAT_LOCALE[locale], {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone,
    }).format(date);
  const copy = mailWords(locale, WINDOW_MAILS[input.word], {
    group: input.group,
    start: local(input.startsAt),
    reboot: input.rebootAllowed ? 'yes' : 'no',
  });
  const labels = mailWords(locale, WINDOW_LABELS, {});
  const elsewhere = input.readerZone !== input.timezone;
  const details: Details = [
    [labels.group, input.group],
    [labels.starts, `${local(input.startsAt)} (${input.timezone})`],
    ...(elsewhere
      ? [
          [labels.startsHere, `${local(input.startsAt, input.readerZone)} (${input.readerZone})`] as [
            string,
            string,
          ],
        ]
      : []),
    [labels.ends, `${local(input.endsAt)} (${input.timezone})`],
    ...(input.word === 'cancelled'
      ? []
      : ([
          [labels.reboot, input.rebootAllowed ? labels.yes : labels.no],
          [labels.targets, input.targets.join('\n') || labels.none],
        ] as [string, string][])),
  ];
  return {
    kind: `service-window-${input.word}`,
    to: input.to,
    subject: copy.subject,
    calendar: input.calendar,
    ...layout(copy.paragraphs, { label: copy.action, url: input.bookingsUrl }, 'support', details),
  };
}

const SERVICE_WINDOW_OUTCOME = {
  subject:
    /*i18n*/ 'What the service window for {group} did: {failed, plural, =0 {nothing failed} one {# failed} other {# failed}}',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ 'The service window for {group} from {start} has ended. This is what each server and cluster reported.',
  ],
  labels: {
    group: /*i18n*/ 'Update group',
    window: /*i18n*/ 'Window',
    success: /*i18n*/ 'Updated',
    failed: /*i18n*/ 'Failed',
    skipped: /*i18n*/ 'Skipped by the agent',
    exempted: /*i18n*/ 'Exempted',
    silent: /*i18n*/ 'Never reported',
  },
  action: /*i18n*/ 'See the window',
};

/** What each machine of an ended window reported, by how it stands (`windowOutcome`). */
export type WindowOutcome = Record<OutcomeKind, { certname: string; comment: string | null }[]>;

/** An ended window's outcome to the update group's contacts, in the customer's language. */
export function serviceWindowOutcomeMail(
  locale: Language,
  input: {
    to: string;
    group: string;
    startsAt: Date;
    endsAt: Date;
    timezone: string;
    outcome: WindowOutcome;
    windowUrl: string;
  },
) {
  const local = (date: Date, timeOnly = false) =>
    new Intl.DateTimeFormat(FORMAT_LOCALE[locale], {
      ...(timeOnly ? {} : { dateStyle: 'full' as const }),
      timeStyle: 'short',
      timeZone: input.timezone,
    }).format(date);
  const { outcome } = input;
  const copy = mailWords(locale, SERVICE_WINDOW_OUTCOME, {
    group: input.group,
    start: local(input.startsAt),
    failed: outcome.failed.length,
  });
  const { labels } = copy;
  const lines = (machines: WindowOutcome[OutcomeKind]) =>
    machines.map(({ certname, comment }) => (comment ? `${certname} — ${comment}` : certname)).join('\n');
  const details: Details = [
    [labels.group, input.group],
    [labels.window, `${local(input.startsAt)} – ${local(input.endsAt, true)} (${input.timezone})`],
    ...OUTCOME_KINDS.filter((kind) => outcome[kind].length > 0).map((kind): [string, string] => [
      `${labels[kind]} (${outcome[kind].length})`,
      lines(outcome[kind]),
    ]),
  ];
  return {
    kind: 'service-window-outcome',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.windowUrl }, 'support', details),
  };
}
