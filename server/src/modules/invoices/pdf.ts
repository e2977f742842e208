import { brand, planName } from '@tidewatch/content';
import { PdfWriter } from '@tidewatch/content/pdf-writer';
import type { InvoiceRow, StoredInvoiceLine } from '../../db/schema';

type Language = InvoiceRow['language'];

const COPY = {
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    issued: 'Invoice date',
    due: 'Due date',
    period: 'Period',
    vatId: 'VAT number',
    attention: 'Attn.',
    columns: ['Description', 'Quantity', 'Amount'],
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
    subtotal: 'Subtotal',
    vat: (rate: number) => `VAT ${rate} %`,
    total: 'Total',
    reverseCharge:
      'Reverse charge: VAT to be accounted for by the recipient under Article 196 of Council Directive 2006/112/EC.',
    payment: (due: string, days: number) =>
      `Payment within ${days} days, by ${due}. Please quote the invoice number.`,
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  da: {
    title: 'Faktura',
    number: 'Fakturanummer',
    issued: 'Fakturadato',
    due: 'Forfaldsdato',
    period: 'Periode',
    vatId: 'Momsnummer',
    attention: 'Att.',
    columns: ['Beskrivelse', 'Antal', 'Beløb'],
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
    subtotal: 'Subtotal',
    vat: (rate: number) => `Moms ${rate} %`,
    total: 'I alt',
    reverseCharge:
      'Omvendt betalingspligt: køber afregner momsen, jf. artikel 196 i Rådets direktiv 2006/112/EF.',
    payment: (due: string, days: number) =>
      `Betaling inden for ${days} dage, senest ${due}. Angiv venligst fakturanummeret.`,
    page: (page: number, pages: number) => `Side ${page} af ${pages}`,
  },
} as const;

const LOCALE = { en: 'en-GB', da: 'da-DK' } as const;

export const formatCents = (cents: number, language: Language) =>
  new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency: 'EUR' }).format(cents / 100);

const formatDate = (date: string, language: Language) =>
  new Intl.DateTimeFormat(LOCALE[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

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

/** The invoice as a PDF in its language, drawn with the site's PDF writer and fonts. */
export async function invoicePdf(invoice: InvoiceRow): Promise<Uint8Array> {
  const creditDays = Math.round((Date.parse(invoice.dueDate) - Date.parse(invoice.issueDate)) / 86_400_000);
  const { language } = invoice;
  const copy = COPY[language];
  const writer = await PdfWriter.create({
    title: `${copy.title} ${invoice.number}`,
    subject: `${copy.title} ${invoice.number} · ${invoice.recipient.companyName}`,
    language,
    author: brand.product,
    keywords: [copy.title, invoice.number, invoice.period],
  });
  writer.titleBand(brand.product, copy.title, invoice.number);
  const recipient = invoice.recipient;
  writer.paragraph(recipient.companyName, { bold: true });
  for (const line of [
    recipient.attName ? `${copy.attention} ${recipient.attName}` : '',
    recipient.address ?? '',
    recipient.country ?? '',
    recipient.vatId ? `${copy.vatId}: ${recipient.vatId}` : '',
  ].filter(Boolean)) {
    writer.paragraph(line, { muted: true });
  }
  writer.table(
    [
      { label: copy.number, width: 0.25 },
      { label: copy.issued, width: 0.25 },
      { label: copy.due, width: 0.25 },
      { label: copy.period, width: 0.25 },
    ],
    [
      [
        invoice.number,
        formatDate(invoice.issueDate, language),
        formatDate(invoice.dueDate, language),
        invoice.period,
      ],
    ],
  );
  const money = (cents: number) => formatCents(cents, language);
  writer.table(
    [
      { label: copy.columns[0], width: 0.6 },
      { label: copy.columns[1], width: 0.2, numeric: true },
      { label: copy.columns[2], width: 0.2, numeric: true },
    ],
    [
      ...invoice.lines.map((line) => lineCells(line, invoice.period, language)),
      [copy.subtotal, '', money(invoice.subtotalCents)],
      [copy.vat(invoice.vatRatePercent), '', money(invoice.vatCents)],
      [copy.total, '', money(invoice.totalCents)],
    ],
  );
  if (invoice.reverseCharge) writer.paragraph(copy.reverseCharge, { bold: true });
  writer.paragraph(copy.payment(formatDate(invoice.dueDate, language), creditDays), { muted: true });
  return writer.finish((page, pages) => ({
    left: `${brand.product} · ${brand.contact.supportEmail}`,
    right: copy.page(page, pages),
  }));
}
