import { brand, planName, registrationNumber, type Seller, siteText } from '@tidewatch/content';
import { PdfWriter } from '@tidewatch/content/pdf-writer';
import type { InvoiceStatus } from '@tidewatch/domain';
import { friendlyFormatIBAN } from 'ibantools';
import type { CreditNoteRow, InvoiceRow, StoredInvoiceLine } from '../../db/schema';
import {
  FORMAT_LOCALE,
  formatCents,
  formatDate,
  formatMonth,
  inLanguage,
  type Language,
  say,
} from '../../lib/words';

/** The PDFs' words, each a catalog id; `say` writes one in the invoice's language. */
const WORDS = {
  title: /*i18n*/ 'Invoice',
  number: /*i18n*/ 'Invoice number',
  issued: /*i18n*/ 'Invoice date',
  due: /*i18n*/ 'Due date',
  period: /*i18n*/ 'Supply period',
  status: /*i18n*/ 'Status',
  statuses: {
    draft: /*i18n*/ 'Draft',
    issued: /*i18n*/ 'Issued',
    overdue: /*i18n*/ 'Overdue',
    paid: /*i18n*/ 'Paid',
    credited: /*i18n*/ 'Credited',
  } satisfies Record<InvoiceStatus, string>,
  seller: /*i18n*/ 'From',
  buyer: /*i18n*/ 'Bill to',
  vatId: /*i18n*/ 'VAT number',
  attention: /*i18n*/ 'Attn.',
  description: /*i18n*/ 'Description',
  quantity: /*i18n*/ 'Quantity',
  netAmount: /*i18n*/ 'Net amount',
  subscription: /*i18n*/ '{plan} subscription',
  servers: /*i18n*/ '{servers, plural, one {# server} other {# servers}}',
  nodes: /*i18n*/ '{nodes, plural, one {# node} other {# nodes}}',
  days: /*i18n*/ '{from} – {to} ({days} days)',
  discount: /*i18n*/ 'volume discount up to {percent} %',
  consultation: /*i18n*/ 'Consultation, level {level}',
  workedIn: /*i18n*/ 'time worked in {month}',
  minutes: /*i18n*/ '{minutes} min',
  subtotal: /*i18n*/ 'Total net',
  vat: /*i18n*/ 'VAT {rate} % of {net}',
  total: /*i18n*/ 'Total to pay',
  reverseCharge:
    /*i18n*/ 'Reverse charge: VAT to be accounted for by the recipient under Article 196 of Council Directive 2006/112/EC.',
  payment: /*i18n*/ 'Payment within {days} days, by {due}. Please quote the invoice number.',
  bank: /*i18n*/ 'Bank transfer to {payee}: IBAN {iban}, BIC {bic}.',
  page: /*i18n*/ 'Page {page} of {pages}',
  watermark: /*i18n*/ 'DRAFT',
  draftNote: /*i18n*/ 'Draft: not an invoice until it is issued with a number.',
  paidOn: /*i18n*/ 'Paid on {date}. Thank you.',
  creditedBy: /*i18n*/ 'Credited in full by credit note {number} of {date}.',
  creditNote: /*i18n*/ 'Credit note',
  creditNoteNumber: /*i18n*/ 'Credit note number',
  creditNoteDate: /*i18n*/ 'Credit note date',
  credits: /*i18n*/ 'Credits invoice',
  invoiceDate: /*i18n*/ 'Of',
  reason: /*i18n*/ 'Reason: {reason}',
  creditNoteTerms: /*i18n*/ 'This credit note cancels invoice {number} in full; nothing more is owed for it.',
};

/** The seller's registration (CVR) number, labelled as the site's footer labels it. */
const registration = (seller: Seller, language: Language) =>
  `${siteText[language].footer.registration} ${registrationNumber(seller)}`;

/** The country's name in the invoice's language: `DE` → `Germany`, `Tyskland`. */
const countryName = (country: string, language: Language) =>
  new Intl.DisplayNames([FORMAT_LOCALE[language]], { type: 'region' }).of(country) ?? country;

const lastDay = (until: string) => {
  const date = new Date(`${until}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

function lineCells(line: StoredInvoiceLine, period: string, language: Language): string[] {
  if (line.kind === 'consultation') {
    // Time approved after its month's invoice is billed on a later one, named by its month.
    const label = say(language, WORDS.consultation, { level: line.level });
    return [
      line.month === period
        ? label
        : `${label}; ${say(language, WORDS.workedIn, { month: formatMonth(line.month, language) })}`,
      say(language, WORDS.minutes, { minutes: line.chargedMinutes }),
      formatCents(line.amountCents, language),
    ];
  }
  const detail = [
    say(language, WORDS.days, {
      from: formatDate(line.from, language),
      to: formatDate(lastDay(line.until), language),
      days: line.days,
    }),
    ...(line.discountPercent > 0 ? [say(language, WORDS.discount, { percent: line.discountPercent })] : []),
  ].join('; ');
  const units = [
    ...(line.servers ? [say(language, WORDS.servers, { servers: line.servers })] : []),
    ...(line.nodes ? [say(language, WORDS.nodes, { nodes: line.nodes })] : []),
  ].join(', ');
  return [
    `${say(language, WORDS.subscription, { plan: planName(line.plan) })}: ${detail}`,
    units,
    formatCents(line.amountCents, language),
  ];
}

type Writer = Awaited<ReturnType<typeof PdfWriter.create>>;

/** Seller and buyer side by side, with what article 226 of the VAT directive asks of each. */
function partiesBlock(writer: Writer, invoice: InvoiceRow, seller: Seller) {
  const { language, recipient } = invoice;
  const copy = inLanguage(language, WORDS);
  writer.blocks([
    {
      heading: copy.seller,
      lines: [
        seller.legalName,
        seller.address,
        registration(seller, language),
        `${copy.vatId}: ${seller.vatNumber}`,
        brand.contact.supportEmail,
      ],
    },
    {
      heading: copy.buyer,
      lines: [
        recipient.companyName,
        recipient.attName ? `${copy.attention} ${recipient.attName}` : '',
        recipient.address ?? '',
        recipient.country ? countryName(recipient.country, language) : '',
        recipient.vatId ? `${copy.vatId}: ${recipient.vatId}` : '',
      ].filter(Boolean),
    },
  ]);
}

/** The lines and totals, net and VAT per rate; a credit note shows the invoice's amounts with the opposite sign. */
function linesTable(writer: Writer, invoice: InvoiceRow, sign: 1 | -1) {
  const { language } = invoice;
  const copy = inLanguage(language, WORDS);
  const money = (cents: number) => formatCents(sign * cents, language);
  writer.table(
    [
      { label: copy.description, width: 0.6 },
      { label: copy.quantity, width: 0.2, numeric: true },
      { label: copy.netAmount, width: 0.2, numeric: true },
    ],
    [
      ...invoice.lines.map((line) =>
        lineCells({ ...line, amountCents: sign * line.amountCents }, invoice.period, language),
      ),
      [copy.subtotal, '', money(invoice.subtotalCents)],
      [
        say(language, WORDS.vat, { rate: invoice.vatRatePercent, net: money(invoice.subtotalCents) }),
        '',
        money(invoice.vatCents),
      ],
      [copy.total, '', money(invoice.totalCents)],
    ],
  );
  if (invoice.reverseCharge) writer.paragraph(copy.reverseCharge, { bold: true });
}

const footer = (language: Language, seller: Seller) => (page: number, pages: number) => ({
  left: `${seller.legalName} · ${registration(seller, language)} · ${brand.contact.supportEmail}`,
  right: say(language, WORDS.page, { page, pages }),
});

/** The billed month as the days it covers: `1 October 2026 – 31 October 2026`. */
function supplyPeriod(period: string, language: Language) {
  const first = `${period}-01`;
  const next = new Date(`${first}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return `${formatDate(first, language)} – ${formatDate(lastDay(next.toISOString().slice(0, 10)), language)}`;
}

/**
 * The invoice as a PDF in its language, drawn with the site's PDF writer and fonts: a valid EU VAT
 * invoice once issued (decision 0072). A draft has no number and is watermarked; the status as the
 * reader sees it (overdue included) is printed, and a paid or credited invoice says so under its terms.
 */
export async function invoicePdf(
  invoice: InvoiceRow,
  seller: Seller,
  { status, creditNote }: { status: InvoiceStatus; creditNote?: CreditNoteRow },
): Promise<Uint8Array> {
  const creditDays = Math.round((Date.parse(invoice.dueDate) - Date.parse(invoice.issueDate)) / 86_400_000);
  const { language } = invoice;
  const copy = inLanguage(language, WORDS);
  const number = invoice.number ?? copy.statuses.draft;
  const writer = await PdfWriter.create({
    title: `${copy.title} ${number}`,
    subject: `${copy.title} ${number} · ${invoice.recipient.companyName}`,
    language,
    author: seller.legalName,
    keywords: [copy.title, number, invoice.period],
  });
  writer.titleBand(brand.product, copy.title, number);
  if (!invoice.number) writer.paragraph(copy.draftNote, { bold: true });
  partiesBlock(writer, invoice, seller);
  writer.table(
    [
      { label: copy.number, width: 0.19 },
      { label: copy.issued, width: 0.19 },
      { label: copy.due, width: 0.19 },
      { label: copy.period, width: 0.27 },
      { label: copy.status, width: 0.16 },
    ],
    [
      [
        number,
        formatDate(invoice.issueDate, language),
        formatDate(invoice.dueDate, language),
        supplyPeriod(invoice.period, language),
        copy.statuses[status],
      ],
    ],
  );
  linesTable(writer, invoice, 1);
  writer.paragraph(
    say(language, WORDS.payment, { due: formatDate(invoice.dueDate, language), days: creditDays }),
    {
      muted: true,
    },
  );
  const iban = friendlyFormatIBAN(seller.iban) ?? seller.iban;
  writer.paragraph(say(language, WORDS.bank, { iban, bic: seller.bic, payee: seller.legalName }), {
    muted: true,
  });
  if (invoice.paidOn) {
    writer.paragraph(say(language, WORDS.paidOn, { date: formatDate(invoice.paidOn, language) }), {
      bold: true,
    });
  }
  if (creditNote) {
    const date = formatDate(creditNote.issueDate, language);
    writer.paragraph(say(language, WORDS.creditedBy, { number: creditNote.number, date }), {
      bold: true,
    });
  }
  return writer.finish(footer(language, seller), {
    watermark: invoice.status === 'draft' ? copy.watermark : undefined,
  });
}

/** The credit note as a PDF in its invoice's language: the invoice it cancels, why, and the amounts negated. */
export async function creditNotePdf(
  invoice: InvoiceRow,
  creditNote: CreditNoteRow,
  seller: Seller,
): Promise<Uint8Array> {
  const { language } = invoice;
  const copy = inLanguage(language, WORDS);
  const invoiceNumber = invoice.number ?? copy.statuses.draft;
  const writer = await PdfWriter.create({
    title: `${copy.creditNote} ${creditNote.number}`,
    subject: `${copy.creditNote} ${creditNote.number} · ${invoice.recipient.companyName}`,
    language,
    author: seller.legalName,
    keywords: [copy.creditNote, creditNote.number, invoiceNumber],
  });
  writer.titleBand(brand.product, copy.creditNote, creditNote.number);
  partiesBlock(writer, invoice, seller);
  writer.table(
    [
      { label: copy.creditNoteNumber, width: 0.25 },
      { label: copy.creditNoteDate, width: 0.25 },
      { label: copy.credits, width: 0.25 },
      { label: copy.invoiceDate, width: 0.25 },
    ],
    [
      [
        creditNote.number,
        formatDate(creditNote.issueDate, language),
        invoiceNumber,
        formatDate(invoice.issueDate, language),
      ],
    ],
  );
  linesTable(writer, invoice, -1);
  writer.paragraph(say(language, WORDS.reason, { reason: creditNote.reason }));
  writer.paragraph(say(language, WORDS.creditNoteTerms, { number: invoiceNumber }), { muted: true });
  return writer.finish(footer(language, seller));
}
