import { brand, consultationRates } from '@tidewatch/content';
import { PdfWriter } from '@tidewatch/content/pdf-writer';
import type { ServiceReport } from '@tidewatch/contract';
import { FREE_CONSULTATION_MAX_LEVEL, OUTCOME_KINDS, type OutcomeKind } from '@tidewatch/domain';
import {
  FORMAT_LOCALE,
  formatCents,
  formatDate,
  formatMonth,
  inLanguage,
  type Language,
  say,
} from '../../lib/words';

/** The report's words, each a catalog id; `say` writes one in the reader's language. */
const WORDS = {
  title: /*i18n*/ 'Monthly service report',
  subtitle: /*i18n*/ '{company} · {month}',
  period: /*i18n*/ 'The month of {from} – {to}, prepared for the management of {company}.',
  fleet: /*i18n*/ 'Under management',
  kind: /*i18n*/ 'Kind',
  servers: /*i18n*/ 'Servers',
  clusters: /*i18n*/ 'Clusters',
  atStart: /*i18n*/ 'At the start',
  added: /*i18n*/ 'Added',
  removed: /*i18n*/ 'Decommissioned',
  atEnd: /*i18n*/ 'At the end',
  availability: /*i18n*/ 'Availability',
  availabilityShare:
    /*i18n*/ 'The agents sent {received} of the {expected} pings due while their servers were under management: {share}.',
  nothingDue: /*i18n*/ 'No agent was due to report this month.',
  week: /*i18n*/ 'Week of {date}',
  received: /*i18n*/ 'Pings received',
  quiet: /*i18n*/ 'Quiet spells',
  noQuiet: /*i18n*/ 'No server or cluster went quiet.',
  machine: /*i18n*/ 'Server or cluster',
  quietFrom: /*i18n*/ 'Quiet from',
  quietTo: /*i18n*/ 'Until',
  stillQuiet: /*i18n*/ 'still quiet at month end',
  duration: /*i18n*/ 'For',
  hoursMinutes: /*i18n*/ '{hours} h {minutes} min',
  windows: /*i18n*/ 'Service windows',
  noWindows: /*i18n*/ 'No service window ended this month.',
  outcomeCounts: /*i18n*/ 'Machines by outcome: {counts}.',
  group: /*i18n*/ 'Update group',
  started: /*i18n*/ 'Started',
  machines: /*i18n*/ 'Machines',
  outcome: /*i18n*/ 'Outcome',
  outcomes: {
    failed: /*i18n*/ 'failed',
    silent: /*i18n*/ 'no report',
    success: /*i18n*/ 'updated',
    skipped: /*i18n*/ 'skipped',
    exempted: /*i18n*/ 'exempted',
  } satisfies Record<OutcomeKind, string>,
  changeRequests: /*i18n*/ 'Change requests merged',
  noChangeRequests: /*i18n*/ 'No change request was merged this month.',
  merged: /*i18n*/ 'Merged',
  changeRequest: /*i18n*/ 'Change request',
  consultation: /*i18n*/ 'Consultation',
  consultationUsed:
    /*i18n*/ '{used} of consultation approved; the plan includes {included} free at levels up to {level}. Billed: {billed}.',
  level: /*i18n*/ 'Level {level}',
  freeLevels: /*i18n*/ 'Levels up to {level}',
  approved: /*i18n*/ 'Approved',
  included: /*i18n*/ 'Included in the plan',
  spend: /*i18n*/ 'Spend',
  spendLine: /*i18n*/ 'Invoiced for the month: {spent}, against a monthly ceiling of {ceiling}.',
  spendNoCeiling: /*i18n*/ 'Invoiced for the month: {spent}. No monthly ceiling is set.',
  invoiced: /*i18n*/ 'Invoiced',
  ceiling: /*i18n*/ 'Ceiling',
  attention: /*i18n*/ 'Needs attention',
  nothingNeedsAttention: /*i18n*/ 'Nothing needs attention.',
  endOfLife: /*i18n*/ '{name} runs {os}, which has had no security updates since {date}.',
  neverReported: /*i18n*/ '{name} was added on {date} and its agent has never reported.',
  page: /*i18n*/ 'Page {page} of {pages}',
};

const formatTime = (at: string, language: Language) =>
  new Intl.DateTimeFormat(FORMAT_LOCALE[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(at));
const formatPercent = (share: number, language: Language) =>
  new Intl.NumberFormat(FORMAT_LOCALE[language], {
    style: 'percent',
    maximumFractionDigits: 1,
    // Cut, not rounded, as the portal shows it: 99.96 % of pings is not 100 %.
    roundingMode: 'trunc',
  }).format(share);
const formatNumber = (value: number, language: Language) =>
  new Intl.NumberFormat(FORMAT_LOCALE[language]).format(value);
const formatMinutes = (minutes: number, language: Language) =>
  say(language, WORDS.hoursMinutes, { hours: Math.floor(minutes / 60), minutes: minutes % 60 });

type Writer = Awaited<ReturnType<typeof PdfWriter.create>>;

function fleetSection(writer: Writer, report: ServiceReport, language: Language) {
  const copy = inLanguage(language, WORDS);
  const row = (label: string, count: ServiceReport['fleet']['servers']) =>
    [label, count.start, count.added, count.removed, count.end].map(String);
  writer.heading(copy.fleet, 60);
  writer.table(
    [
      { label: copy.kind, width: 0.32 },
      { label: copy.atStart, width: 0.17, numeric: true },
      { label: copy.added, width: 0.17, numeric: true },
      { label: copy.removed, width: 0.17, numeric: true },
      { label: copy.atEnd, width: 0.17, numeric: true },
    ],
    [row(copy.servers, report.fleet.servers), row(copy.clusters, report.fleet.clusters)],
  );
}

function availabilitySection(writer: Writer, report: ServiceReport, language: Language) {
  const copy = inLanguage(language, WORDS);
  const { availability } = report;
  writer.heading(copy.availability, 160);
  writer.paragraph(
    availability.share === null
      ? copy.nothingDue
      : say(language, WORDS.availabilityShare, {
          received: formatNumber(availability.received_pings, language),
          expected: formatNumber(availability.expected_pings, language),
          share: formatPercent(availability.share, language),
        }),
  );
  writer.barChart({
    groups: availability.weeks.map((week) => ({
      label: say(language, WORDS.week, { date: formatDate(week.week, language) }),
      values: [week.share],
    })),
    series: [copy.received],
    format: (value) => formatPercent(value, language),
    max: 1,
  });
  writer.paragraph(copy.quiet, { bold: true });
  if (!availability.quiet.length) {
    writer.paragraph(copy.noQuiet, { muted: true });
    return;
  }
  writer.table(
    [
      { label: copy.machine, width: 0.34 },
      { label: copy.quietFrom, width: 0.22 },
      { label: copy.quietTo, width: 0.26 },
      { label: copy.duration, width: 0.18, numeric: true },
    ],
    availability.quiet.map((spell) => [
      spell.name,
      formatTime(spell.from, language),
      spell.to ? formatTime(spell.to, language) : copy.stillQuiet,
      formatMinutes(spell.minutes, language),
    ]),
  );
}

function windowsSection(writer: Writer, report: ServiceReport, language: Language) {
  const copy = inLanguage(language, WORDS);
  writer.heading(copy.windows, 60);
  if (!report.windows.list.length) {
    writer.paragraph(copy.noWindows, { muted: true });
    return;
  }
  const counts = OUTCOME_KINDS.map(
    (kind) => `${copy.outcomes[kind]} ${report.windows.outcomes[kind] ?? 0}`,
  ).join(', ');
  writer.paragraph(say(language, WORDS.outcomeCounts, { counts }));
  writer.table(
    [
      { label: copy.group, width: 0.34 },
      { label: copy.started, width: 0.3 },
      { label: copy.machines, width: 0.14, numeric: true },
      { label: copy.outcome, width: 0.22 },
    ],
    report.windows.list.map((window) => [
      window.tag_name,
      formatTime(window.starts_at, language),
      String(window.servers),
      copy.outcomes[window.outcome],
    ]),
  );
}

function changeRequestsSection(writer: Writer, report: ServiceReport, language: Language) {
  const copy = inLanguage(language, WORDS);
  writer.heading(`${copy.changeRequests}: ${report.change_requests.merged}`, 40);
  if (!report.change_requests.list.length) {
    writer.paragraph(copy.noChangeRequests, { muted: true });
    return;
  }
  writer.table(
    [
      { label: copy.changeRequest, width: 0.7 },
      { label: copy.merged, width: 0.3 },
    ],
    report.change_requests.list.map((request) => [request.title, formatDate(request.merged_at, language)]),
  );
}

function consultationSection(writer: Writer, report: ServiceReport, language: Language) {
  const copy = inLanguage(language, WORDS);
  const { consultation } = report;
  writer.heading(copy.consultation, 160);
  writer.paragraph(
    say(language, WORDS.consultationUsed, {
      used: formatMinutes(consultation.used_minutes, language),
      included: formatMinutes(consultation.included_minutes, language),
      level: FREE_CONSULTATION_MAX_LEVEL,
      billed: formatCents(consultation.billed_cents, language),
    }),
  );
  // The free minutes cover the lower levels together: a last pair sets those levels' hours beside them.
  const hoursOf = (level: number) =>
    (consultation.levels.find((each) => each.level === level)?.minutes ?? 0) / 60;
  const coveredHours = consultationRates.levels
    .filter(({ level }) => level <= FREE_CONSULTATION_MAX_LEVEL)
    .reduce((sum, { level }) => sum + hoursOf(level), 0);
  writer.barChart({
    groups: [
      ...consultationRates.levels.map(({ level }) => ({
        label: say(language, WORDS.level, { level }),
        values: [hoursOf(level), null],
      })),
      {
        label: say(language, WORDS.freeLevels, { level: FREE_CONSULTATION_MAX_LEVEL }),
        values: [coveredHours, consultation.included_minutes / 60],
      },
    ],
    series: [copy.approved, copy.included],
    format: (hours) => `${formatNumber(Math.round(hours * 10) / 10, language)} h`,
  });
}

function spendSection(writer: Writer, report: ServiceReport, language: Language) {
  const copy = inLanguage(language, WORDS);
  const { spend } = report;
  writer.heading(copy.spend, 160);
  const spent = formatCents(spend.spent_cents, language);
  writer.paragraph(
    spend.ceiling_cents === null
      ? say(language, WORDS.spendNoCeiling, { spent })
      : say(language, WORDS.spendLine, { spent, ceiling: formatCents(spend.ceiling_cents, language) }),
  );
  writer.barChart({
    groups: spend.months.map((month) => ({
      label: formatMonth(month.month, language),
      values: [month.spent_cents],
    })),
    series: [copy.invoiced],
    format: (cents) => formatCents(cents, language, { whole: true }),
    line: spend.ceiling_cents === null ? undefined : { value: spend.ceiling_cents, label: copy.ceiling },
  });
}

function attentionSection(writer: Writer, report: ServiceReport, language: Language) {
  const copy = inLanguage(language, WORDS);
  const items = [
    ...report.attention.end_of_life.map((server) =>
      say(language, WORDS.endOfLife, {
        name: server.name,
        os: server.os,
        date: formatDate(server.end_of_life, language),
      }),
    ),
    ...report.attention.never_reported.map((server) =>
      say(language, WORDS.neverReported, { name: server.name, date: formatDate(server.added_at, language) }),
    ),
  ];
  writer.heading(copy.attention, 30);
  if (items.length) writer.bullets(items);
  else writer.paragraph(copy.nothingNeedsAttention, { muted: true });
}

/** The monthly service report as a PDF in the language, drawn with the invoices' writer and fonts (decision 0104). */
export async function reportPdf(report: ServiceReport, language: Language): Promise<Uint8Array> {
  const copy = inLanguage(language, WORDS);
  const month = formatMonth(report.month, language);
  const writer = await PdfWriter.create({
    title: `${copy.title} · ${report.company} · ${month}`,
    subject: `${copy.title} · ${report.company} · ${month}`,
    language,
    author: brand.product,
    keywords: [copy.title, report.company, report.month],
  });
  writer.titleBand(
    brand.product,
    copy.title,
    say(language, WORDS.subtitle, { company: report.company, month }),
  );
  writer.paragraph(
    say(language, WORDS.period, {
      from: formatDate(report.from, language),
      to: formatDate(report.to, language),
      company: report.company,
    }),
    { muted: true },
  );
  fleetSection(writer, report, language);
  availabilitySection(writer, report, language);
  windowsSection(writer, report, language);
  changeRequestsSection(writer, report, language);
  consultationSection(writer, report, language);
  spendSection(writer, report, language);
  attentionSection(writer, report, language);
  return writer.finish((page, pages) => ({
    left: `${brand.product} · ${report.company} · ${month}`,
    right: say(language, WORDS.page, { page, pages }),
  }));
}
