import type { Language } from '../../lib/words';
import { layout, mailWords } from './layout';

// The customer's monthly service report, to its managers (decision 0104).

const SERVICE_REPORT = {
  subject: /*i18n*/ '{company}: the service report for {month}',
  paragraphs: [
    /*i18n*/ 'Hello,',
    /*i18n*/ 'Attached is the service report of {company} for {month}: what was under management, how available it was, the service windows, change requests, consultation and spend of the month, and what needs attention.',
    /*i18n*/ 'Every past month’s report is on the reports page, in English and Danish.',
  ],
  action: /*i18n*/ 'Open your reports',
};

/** Last month's service report, to one of the customer's managers, with its PDF attached. */
export function serviceReportMail(
  locale: Language,
  input: { to: string; company: string; month: string; filename: string; url: string; pdf: Uint8Array },
) {
  const copy = mailWords(locale, SERVICE_REPORT, { company: input.company, month: input.month });
  return {
    kind: 'service-report',
    to: input.to,
    subject: copy.subject,
    ...layout(copy.paragraphs, { label: copy.action, url: input.url }),
    attachment: { filename: input.filename, contentType: 'application/pdf', content: input.pdf },
  };
}
