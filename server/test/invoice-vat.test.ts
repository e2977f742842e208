import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brand, DEMO_SELLER } from '@tidewatch/content';
import { invoiceTotals } from '@tidewatch/domain';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import type { InvoiceRecipient, InvoiceRow } from '../src/db/schema';
import { creditNotePdf, invoicePdf } from '../src/modules/invoices/pdf';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-invoice-vat-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const GERMAN_BUSINESS: InvoiceRecipient = {
  companyName: 'Acme GmbH',
  attName: 'Jana Müller',
  address: 'Friedrichstraße 12, 10117 Berlin',
  country: 'DE',
  vatId: 'DE136695976',
};
const DANISH_BUSINESS: InvoiceRecipient = {
  companyName: 'Ærø Data A/S',
  attName: null,
  address: 'Ørstedsgade 1, 1000 København K',
  country: 'DK',
  vatId: 'DK13585628',
};

/** An October invoice of two lines to the recipient, its VAT worked out as generation does. */
function invoice(
  recipient: InvoiceRecipient,
  language: InvoiceRow['language'],
  changes: Partial<InvoiceRow> = {},
): InvoiceRow {
  const lines: InvoiceRow['lines'] = [
    {
      kind: 'subscription',
      plan: 'silver',
      servers: 3,
      nodes: 1,
      from: '2026-10-01',
      until: '2026-11-01',
      days: 31,
      discountPercent: 5,
      amountCents: 14_700,
    },
    { kind: 'consultation', month: '2026-10', level: 2, chargedMinutes: 90, amountCents: 18_000 },
  ];
  const totals = invoiceTotals(
    lines.map((line) => line.amountCents),
    {
      country: recipient.country ?? '',
      vatId: recipient.vatId,
      vatRatePercent: brand.company.vatRatePercent,
    },
    brand.company.country,
  );
  return {
    id: '6f1d2c3e-0000-4000-8000-000000000002',
    customerId: 'acmecorp',
    number: 'ACMECORP-0042',
    period: '2026-10',
    issueDate: '2026-11-01',
    dueDate: '2026-11-15',
    status: 'issued',
    language,
    recipient,
    lines,
    ...totals,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    issuedAt: new Date('2026-11-01T08:00:00Z'),
    paidAt: null,
    paidOn: null,
    ...changes,
  };
}

/** Writes the file, checks it with qpdf and gives back its path. */
function saved(bytes: Uint8Array, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
  return file;
}

/** The text on the page, with line breaks as spaces (a long value may wrap in its cell). */
const textOf = (file: string) =>
  execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

const issuedPdf = (row: InvoiceRow) => invoicePdf(row, DEMO_SELLER, { status: 'issued' });

describe('an invoice PDF is a valid EU VAT invoice (VAT directive, article 226)', () => {
  it.each([
    [
      'en',
      [
        'Invoice number',
        'ACMECORP-0042',
        'Invoice date',
        '1 November 2026',
        'Due date',
        '15 November 2026',
        'Supply period',
        '1 October 2026 – 31 October 2026',
        'Tidewatch ApS',
        'Havnegade 39, 1058 København K, Denmark',
        'CVR no. 12345674',
        'VAT number: DK12345674',
        'Ærø Data A/S',
        'Ørstedsgade 1, 1000 København K',
        'Denmark',
        'VAT number: DK13585628',
        'Net amount',
        '€147.00',
        '€180.00',
        'Total net €327.00',
        'VAT 25 % of €327.00 €81.75',
        'Total to pay €408.75',
        'Payment within 14 days, by 15 November 2026',
        'IBAN DK50 0040 0440 1162 43, BIC DABADKKK',
        'Issued',
      ],
    ],
    [
      'da',
      [
        'Fakturanummer',
        'ACMECORP-0042',
        'Fakturadato',
        '1. november 2026',
        'Forfaldsdato',
        '15. november 2026',
        'Leveringsperiode',
        '1. oktober 2026 – 31. oktober 2026',
        'Tidewatch ApS',
        'CVR-nr. 12345674',
        'Momsnummer: DK12345674',
        'Momsnummer: DK13585628',
        'Danmark',
        'Nettobeløb',
        'I alt ekskl. moms 327,00 €',
        'Moms 25 % af 327,00 € 81,75 €',
        'I alt at betale 408,75 €',
        'Betaling inden for 14 dage, senest 15. november 2026',
        'IBAN DK50 0040 0440 1162 43, BIC DABADKKK',
        'Udstedt',
      ],
    ],
  ] as const)('prints every field in %s for a Danish business', async (language, fields) => {
    const text = textOf(saved(await issuedPdf(invoice(DANISH_BUSINESS, language)), `dk-${language}`));
    for (const field of fields) expect(text).toContain(field);
    expect(text).not.toMatch(/Reverse charge|Omvendt betalingspligt/);
  });

  it('charges no VAT and says "Reverse charge" to a VAT-registered business in another EU country', async () => {
    const english = textOf(saved(await issuedPdf(invoice(GERMAN_BUSINESS, 'en')), 'de-en'));
    expect(english).toContain('VAT 0 % of €327.00 €0.00');
    expect(english).toContain('Total to pay €327.00');
    expect(english).toContain('Reverse charge: VAT to be accounted for by the recipient');
    expect(english).toContain('VAT number: DE136695976');
    expect(english).toContain('Germany');
    const danish = textOf(saved(await issuedPdf(invoice(GERMAN_BUSINESS, 'da')), 'de-da'));
    expect(danish).toContain('Omvendt betalingspligt');
    expect(danish).toContain('Tyskland');
  });

  it('watermarks a draft and prints its status; an issued invoice has no watermark', async () => {
    const draft = invoice(DANISH_BUSINESS, 'en', { status: 'draft', number: null });
    const text = textOf(saved(await invoicePdf(draft, DEMO_SELLER, { status: 'draft' }), 'draft'));
    expect(text).toContain('DRAFT');
    expect(text).toContain('Draft: not an invoice until it is issued with a number.');
    const danish = { ...draft, language: 'da' as const };
    expect(textOf(saved(await invoicePdf(danish, DEMO_SELLER, { status: 'draft' }), 'kladde'))).toContain(
      'KLADDE',
    );
    expect(textOf(saved(await issuedPdf(invoice(DANISH_BUSINESS, 'en')), 'issued'))).not.toContain('DRAFT');
    const overdue = await invoicePdf(invoice(DANISH_BUSINESS, 'en'), DEMO_SELLER, { status: 'overdue' });
    expect(textOf(saved(overdue, 'overdue'))).toContain('Overdue');
  });

  it('makes the printed email address a link and embeds every font', async () => {
    const file = saved(await issuedPdf(invoice(GERMAN_BUSINESS, 'en')), 'links');
    const pdf = await PDFDocument.load(fs.readFileSync(file));
    const targets = pdf.getPages().flatMap((page) =>
      (page.node.lookupMaybe(PDFName.of('Annots'), PDFArray)?.asArray() ?? []).map((ref) => {
        const action = pdf.context.lookup(ref, PDFDict).lookup(PDFName.of('A'), PDFDict);
        return action.lookup(PDFName.of('URI'), PDFString).decodeText();
      }),
    );
    // In the seller's block and in the footer.
    expect(targets).toEqual([`mailto:${brand.contact.supportEmail}`, `mailto:${brand.contact.supportEmail}`]);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    // Columns: name, type, encoding, emb, sub, uni, object, ID; embedded, with a Unicode map for copying.
    for (const font of fonts) {
      const [embedded, , unicode] = font.split(/\s+/).slice(-5, -2);
      expect([embedded, unicode], font).toEqual(['yes', 'yes']);
    }
  });

  it('puts the seller on a credit note too', async () => {
    const row = invoice(DANISH_BUSINESS, 'en');
    const note = {
      id: '6f1d2c3e-0000-4000-8000-000000000003',
      invoiceId: row.id,
      customerId: row.customerId,
      number: 'ACMECORP-CN-0001',
      issueDate: '2026-11-20',
      reason: 'Wrong server count',
      totalCents: -row.totalCents,
      createdBy: null,
      createdAt: new Date('2026-11-20T00:00:00Z'),
    };
    const text = textOf(saved(await creditNotePdf(row, note, DEMO_SELLER), 'credit-note'));
    for (const field of ['Tidewatch ApS', 'VAT number: DK12345674', 'Credits invoice', '-€408.75']) {
      expect(text).toContain(field);
    }
  });
});
