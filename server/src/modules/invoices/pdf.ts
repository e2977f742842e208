import { brand, planName, registrationNumber, type Seller } from '@tidewatch/content';
import { PdfWriter } from '@tidewatch/content/pdf-writer';
import type { InvoiceStatus } from '@tidewatch/domain';
import { friendlyFormatIBAN } from 'ibantools';
import type { CreditNoteRow, InvoiceRow, StoredInvoiceLine } from '../../db/schema';

type Language = InvoiceRow['language'];

const COPY = {
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    issued: 'Invoice date',
    due: 'Due date',
    period: 'Supply period',
    status: 'Status',
    statuses: { draft: 'Draft', issued: 'Issued', overdue: 'Overdue', paid: 'Paid', credited: 'Credited' },
    seller: 'From',
    buyer: 'Bill to',
    vatId: 'VAT number',
    registration: (cvr: string) => `CVR no. ${cvr}`,
    attention: 'Attn.',
    columns: ['Description', 'Quantity', 'Net amount'],
    subscription: (plan: string) => `${plan} subscription`,
    units: (servers: number, nodes: number) =>
      [
        servers ? `${servers} ${servers === 1 ? 'server' : 'servers'}` : '',
        nodes ? `${nodes} ${nodes === 1 ? 'node' : 'nodes'}` : '',
      ]
        .filter(Boolean)
        .join(', '),
    days: (from: string, to: string, days: number) => `${from} – ${to} (${days} days)`,
    discount: (percent: number) => `volume discount up to ${percent} %`,
    consultation: (level: number) => `Consultation, level ${level}`,
    workedIn: (month: string) => `time worked in ${month}`,
    minutes: (minutes: number) => `${minutes} min`,
    subtotal: 'Total net',
    vat: (rate: number, net: string) => `VAT ${rate} % of ${net}`,
    total: 'Total to pay',
    reverseCharge:
      'Reverse charge: VAT to be accounted for by the recipient under Article 196 of Council Directive 2006/112/EC.',
    payment: (due: string, days: number) =>
      `Payment within ${days} days, by ${due}. Please quote the invoice number.`,
    bank: (iban: string, bic: string, payee: string) =>
      `Bank transfer to ${payee}: IBAN ${iban}, BIC ${bic}.`,
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    draft: 'Draft',
    watermark: 'DRAFT',
    draftNote: 'Draft: not an invoice until it is issued with a number.',
    paidOn: (date: string) => `Paid on ${date}. Thank you.`,
    creditedBy: (number: string, date: string) => `Credited in full by credit note ${number} of ${date}.`,
    creditNote: 'Credit note',
    creditNoteNumber: 'Credit note number',
    creditNoteDate: 'Credit note date',
    credits: 'Credits invoice',
    invoiceDate: 'Of',
    reason: (reason: string) => `Reason: ${reason}`,
    creditNoteTerms: (number: string) =>
      `This credit note cancels invoice ${number} in full; nothing more is owed for it.`,
  },
  da: {
    title: 'Faktura',
    number: 'Fakturanummer',
    issued: 'Fakturadato',
    due: 'Forfaldsdato',
    period: 'Leveringsperiode',
    status: 'Status',
    statuses: {
      draft: 'Kladde',
      issued: 'Udstedt',
      overdue: 'Forfalden',
      paid: 'Betalt',
      credited: 'Krediteret',
    },
    seller: 'Fra',
    buyer: 'Faktureres til',
    vatId: 'Momsnummer',
    registration: (cvr: string) => `CVR-nr. ${cvr}`,
    attention: 'Att.',
    columns: ['Beskrivelse', 'Antal', 'Nettobeløb'],
    subscription: (plan: string) => `${plan}-abonnement`,
    units: (servers: number, nodes: number) =>
      [
        servers ? `${servers} ${servers === 1 ? 'server' : 'servere'}` : '',
        nodes ? `${nodes} ${nodes === 1 ? 'node' : 'noder'}` : '',
      ]
        .filter(Boolean)
        .join(', '),
    days: (from: string, to: string, days: number) => `${from} – ${to} (${days} dage)`,
    discount: (percent: number) => `mængderabat op til ${percent} %`,
    consultation: (level: number) => `Rådgivning, niveau ${level}`,
    workedIn: (month: string) => `tid arbejdet i ${month}`,
    minutes: (minutes: number) => `${minutes} min.`,
    subtotal: 'I alt ekskl. moms',
    vat: (rate: number, net: string) => `Moms ${rate} % af ${net}`,
    total: 'I alt at betale',
    reverseCharge:
      'Omvendt betalingspligt: køber afregner momsen, jf. artikel 196 i Rådets direktiv 2006/112/EF.',
    payment: (due: string, days: number) =>
      `Betaling inden for ${days} dage, senest ${due}. Angiv venligst fakturanummeret.`,
    bank: (iban: string, bic: string, payee: string) =>
      `Bankoverførsel til ${payee}: IBAN ${iban}, BIC ${bic}.`,
    page: (page: number, pages: number) => `Side ${page} af ${pages}`,
    draft: 'Kladde',
    watermark: 'KLADDE',
    draftNote: 'Kladde: ikke en faktura, før den udstedes med et nummer.',
    paidOn: (date: string) => `Betalt ${date}. Tak.`,
    creditedBy: (number: string, date: string) => `Krediteret fuldt ud med kreditnota ${number} af ${date}.`,
    creditNote: 'Kreditnota',
    creditNoteNumber: 'Kreditnotanummer',
    creditNoteDate: 'Kreditnotadato',
    credits: 'Krediterer faktura',
    invoiceDate: 'Af',
    reason: (reason: string) => `Årsag: ${reason}`,
    creditNoteTerms: (number: string) =>
      `Denne kreditnota annullerer faktura ${number} fuldt ud; der skyldes ikke mere for den.`,
  },
} as const;

const LOCALE = { en: 'en-GB', da: 'da-DK' } as const;

export const formatCents = (cents: number, language: Language) =>
  new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency: 'EUR' }).format(cents / 100);

export const formatDate = (date: string, language: Language) =>
  new Intl.DateTimeFormat(LOCALE[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The country's name in the invoice's language: `DE` → `Germany`, `Tyskland`. */
const countryName = (country: string, language: Language) =>
  new Intl.DisplayNames([LOCALE[language]], { type: 'region' }).of(country) ?? country;

const lastDay = (until: string) => {
  const date = new Date(`${until}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

const formatMonth = (month: string, language: Language) =>
  new Intl.DateTimeFormat(LOCALE[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

function lineCells(line: StoredInvoiceLine, period: string, language: Language): string[] {
  const copy = COPY[language];
  if (line.kind === 'consultation') {
    // Time approved after its month's invoice is billed on a later one, named by its month.
    const label = copy.consultation(line.level);
    return [
      line.month === period ? label : `${label}; ${copy.workedIn(formatMonth(line.month, language))}`,
      copy.minutes(line.chargedMinutes),
      formatCents(line.amountCents, language),
    ];
  }
  const name = planName(line.plan);
  const detail = [
    copy.days(formatDate(line.from, language), formatDate(lastDay(line.until), language), line.days),
    ...(line.discountPercent > 0 ? [copy.discount(line.discountPercent)] : []),
  ].join('; ');
  return [
    `${copy.subscription(name)}: ${detail}`,
    copy.units(line.servers, line.nodes),
    formatCents(line.amountCents, language),
  ];
}

type Writer = Awaited<ReturnType<typeof PdfWriter.create>>;

/** Seller and buyer side by side, with what article 226 of the VAT directive asks of each. */
function partiesBlock(writer: Writer, invoice: InvoiceRow, seller: Seller) {
  const copy = COPY[invoice.language];
  const { recipient } = invoice;
  writer.blocks([
    {
      heading: copy.seller,
      lines: [
        seller.legalName,
        seller.address,
        copy.registration(registrationNumber(seller)),
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
        recipient.country ? countryName(recipient.country, invoice.language) : '',
        recipient.vatId ? `${copy.vatId}: ${recipient.vatId}` : '',
      ].filter(Boolean),
    },
  ]);
}

/** The lines and totals, net and VAT per rate; a credit note shows the invoice's amounts with the opposite sign. */
function linesTable(writer: Writer, invoice: InvoiceRow, sign: 1 | -1) {
  const { language } = invoice;
  const copy = COPY[language];
  const money = (cents: number) => formatCents(sign * cents, language);
  writer.table(
    [
      { label: copy.columns[0], width: 0.6 },
      { label: copy.columns[1], width: 0.2, numeric: true },
      { label: copy.columns[2], width: 0.2, numeric: true },
    ],
    [
      ...invoice.lines.map((line) =>
        lineCells({ ...line, amountCents: sign * line.amountCents }, invoice.period, language),
      ),
      [copy.subtotal, '', money(invoice.subtotalCents)],
      [copy.vat(invoice.vatRatePercent, money(invoice.subtotalCents)), '', money(invoice.vatCents)],
      [copy.total, '', money(invoice.totalCents)],
    ],
  );
  if (invoice.reverseCharge) writer.paragraph(copy.reverseCharge, { bold: true });
}

const footer = (language: Language, seller: Seller) => (page: number, pages: number) => ({
  left: `${seller.legalName} · ${COPY[language].registration(registrationNumber(seller))} · ${brand.contact.supportEmail}`,
  right: COPY[language].page(page, pages),
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
  const copy = COPY[language];
  const number = invoice.number ?? copy.draft;
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
  writer.paragraph(copy.payment(formatDate(invoice.dueDate, language), creditDays), { muted: true });
  writer.paragraph(copy.bank(friendlyFormatIBAN(seller.iban) ?? seller.iban, seller.bic, seller.legalName), {
    muted: true,
  });
  if (invoice.paidOn) writer.paragraph(copy.paidOn(formatDate(invoice.paidOn, language)), { bold: true });
  if (creditNote) {
    writer.paragraph(copy.creditedBy(creditNote.number, formatDate(creditNote.issueDate, language)), {
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
  const copy = COPY[language];
  const invoiceNumber = invoice.number ?? copy.draft;
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
  writer.paragraph(copy.reason(creditNote.reason));
  writer.paragraph(copy.creditNoteTerms(invoiceNumber), { muted: true });
  return writer.finish(footer(language, seller));
}
