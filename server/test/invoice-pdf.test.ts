import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_SELLER } from '@tidewatch/content';
import { BillingContacts } from '@tidewatch/contract';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { InvoiceRecipient, InvoiceRow, StoredInvoiceLine } from '../src/db/schema';
import { invoicePdf } from '../src/modules/invoices/pdf';

const REPLACEMENT = '\uFFFD';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-invoice-pdf-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const month = (index: number): StoredInvoiceLine => ({
  kind: 'subscription',
  plan: 'silver',
  servers: 3 + index,
  nodes: index % 2,
  from: '2026-10-01',
  until: '2026-11-01',
  days: 31,
  discountPercent: 5,
  amountCents: 14_700 + index,
});

/** An invoice to the recipient, with as many lines as asked (enough of them run onto a second page). */
function invoice(
  recipient: Pick<InvoiceRecipient, 'companyName' | 'attName'>,
  language: InvoiceRow['language'],
  lines = 2,
): InvoiceRow {
  const subtotalCents = lines * 14_700;
  return {
    id: '6f1d2c3e-0000-4000-8000-000000000001',
    customerId: 'acmecorp',
    number: 'TW-2026-0042',
    period: '2026-10',
    issueDate: '2026-11-01',
    dueDate: '2026-11-15',
    status: 'issued',
    language,
    recipient: { address: 'Ørstedsgade 1, 1000 København K', country: 'DK', vatId: null, ...recipient },
    lines: Array.from({ length: lines }, (_, index) => month(index)),
    subtotalCents,
    vatRatePercent: 25,
    vatCents: subtotalCents / 4,
    totalCents: subtotalCents * 1.25,
    reverseCharge: false,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    issuedAt: null,
    paidAt: null,
    paidOn: null,
  };
}

const issuedPdf = (row: InvoiceRow) => invoicePdf(row, DEMO_SELLER, { status: 'issued' });

/** Checks the file with qpdf and gives back its text as pdftotext reads it. */
function checkedText(bytes: Uint8Array, name = 'invoice'): string {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  // qpdf exits non-zero, failing the test, on any error or warning in the file's structure.
  execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
  // In drawing order: reading order would join a line ending in '-' to the next, dropping the hyphen.
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/** Text without white space or the invisible characters that only steer layout, composed alike. */
const squeezed = (text: string) =>
  text.normalize('NFC').replace(/[\s\p{Default_Ignorable_Code_Point}]/gu, '');
/** A character as a regular expression matches it (u-mode escapes syntax characters only). */
const escaped = (char: string) => char.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/**
 * The scripts the fonts promise (Latin, Greek without the Coptic letters, Cyrillic, kana, CJK
 * ideographs, Hangul syllables): a letter, mark, digit, punctuation or symbol in them prints as
 * itself, never as the replacement.
 */
const PROMISED =
  /^(?=[\p{L}\p{M}\p{N}\p{P}\p{S}])[\u0020-\u024f\u0370-\u03e1\u03f0-\u03ff\u0400-\u04ff\u1e00-\u1eff\u3040-\u30ff\u4e00-\u9fef\uac00-\ud7a3]$/u;

/** Whether the PDF's text carries `text`: each character as itself, or as the replacement where no font has it. */
function expectCarries(printed: string, text: string) {
  const pattern = [...squeezed(text)]
    .map((char) => (PROMISED.test(char) ? escaped(char) : `(?:${escaped(char)}|${REPLACEMENT})`))
    .join('');
  expect(squeezed(printed), [...text].map((c) => c.codePointAt(0)?.toString(16)).join(' ')).toMatch(
    new RegExp(pattern, 'u'),
  );
}

/** Names as the contract takes them (the recipient's rule; the company name's is the same). */
const contractName = BillingContacts.shape.att_name;

describe('invoice PDFs print any name the contract accepts', () => {
  it.each([
    ['Łukasz Żółć', 'Polish'],
    ['İstanbul Bilişim A.Ş.', 'Turkish'],
    ['株式会社テスト', 'Japanese'],
    ['北京科技有限公司', 'Chinese'],
    ['주식회사 테스트', 'Korean'],
    ['Ελληνική Εταιρεία Α.Ε.', 'Greek'],
    ['ООО «Тест» Москва', 'Cyrillic'],
    ['Ærø Å/S — café “Øl” №5 €', 'Danish and punctuation'],
  ])('prints %s (%s) in both languages, as company and as recipient', async (name) => {
    for (const language of ['en', 'da'] as const) {
      const text = checkedText(await issuedPdf(invoice({ companyName: name, attName: name }, language)));
      expect(squeezed(text)).toContain(squeezed(name));
      expect(text).not.toContain(REPLACEMENT);
    }
  });

  it('prints a character no font has as the replacement, and the rest of the name as it is', async () => {
    const text = checkedText(await issuedPdf(invoice({ companyName: 'Café 🚀 Ltd', attName: null }, 'en')));
    expect(squeezed(text)).toContain(squeezed(`Café ${REPLACEMENT} Ltd`));
    // Devanagari needs shaping the writer does not do: each of its six code points is replaced.
    const hindi = checkedText(await issuedPdf(invoice({ companyName: 'नमस्ते Ltd', attName: null }, 'en')));
    expect(squeezed(hindi)).toContain(`${REPLACEMENT.repeat(6)}Ltd`);
  });

  it('keeps the table header on every page a long invoice runs onto', async () => {
    const text = checkedText(await issuedPdf(invoice({ companyName: 'Acme', attName: null }, 'da', 40)));
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toMatch(/Beskrivelse\s+Antal\s+Nettobeløb/);
  });

  it('gives a valid file with every accepted name in it, for random names', async () => {
    const char = fc.oneof(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }),
      fc.integer({ min: 0x20, max: 0x24f }).map((code) => String.fromCodePoint(code)),
      fc.integer({ min: 0x370, max: 0x4ff }).map((code) => String.fromCodePoint(code)),
      fc.integer({ min: 0x3040, max: 0x30ff }).map((code) => String.fromCodePoint(code)),
      fc.integer({ min: 0x4e00, max: 0x9fef }).map((code) => String.fromCodePoint(code)),
      fc.integer({ min: 0xac00, max: 0xd7a3 }).map((code) => String.fromCodePoint(code)),
    );
    const name = fc
      .array(char, { minLength: 1, maxLength: 80 })
      .map((chars) => contractName.safeParse(chars.join('')))
      .filter((parsed) => parsed.success)
      .map((parsed) => parsed.data ?? '');
    await fc.assert(
      fc.asyncProperty(
        name,
        name,
        fc.constantFrom('en' as const, 'da' as const),
        async (company, att, language) => {
          const text = checkedText(
            await issuedPdf(invoice({ companyName: company, attName: att }, language)),
          );
          expectCarries(text, company);
          expectCarries(text, att);
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);
});
