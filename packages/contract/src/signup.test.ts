import { describe, expect, it } from 'vitest';
import { SignUpBody, vatNumberFitsCountry } from './signup';
import { TERMS_NOT_ACCEPTED } from './site-forms';

const valid = {
  name: 'Ada Lovelace',
  company_name: 'Analytical Engines ApS',
  country: 'DK',
  timezone: 'Europe/Copenhagen',
  email: 'ada@engines.example',
  alert_email: 'alerts@engines.example',
  address: 'Strandvejen 1',
  city: 'Hellerup',
  zipcode: '2900',
  billing_email: 'billing@engines.example',
  invoice_language: 'da',
  terms_accepted: true,
};

describe('the sign-up schema', () => {
  it('requires the terms accepted, as exactly true', () => {
    for (const terms_accepted of [undefined, false, 'true', 'on', 1]) {
      const result = SignUpBody.safeParse({ ...valid, terms_accepted });
      expect(result.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
        ['terms_accepted', TERMS_NOT_ACCEPTED],
      ]);
    }
  });

  it('accepts a complete sign-up, with optional fields left empty', () => {
    const parsed = SignUpBody.parse({ ...valid, state: '', vat_id: '', billing_email_cc: '' });
    expect(parsed).toMatchObject({
      state: undefined,
      vat_id: undefined,
      billing_email_cc: undefined,
      language: 'en',
    });
  });

  it('checks the VAT number against the chosen country', () => {
    expect(SignUpBody.safeParse({ ...valid, vat_id: 'DK13585628' }).success).toBe(true);
    expect(SignUpBody.safeParse({ ...valid, vat_id: '13585628' }).success).toBe(true);
    const wrongCountry = SignUpBody.safeParse({ ...valid, vat_id: 'DE123456789' });
    expect(wrongCountry.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['vat_id']);
  });

  it('refuses an unknown country and time zone', () => {
    const result = SignUpBody.safeParse({ ...valid, country: 'XX', timezone: 'Mars/Olympus' });
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['country', 'timezone']);
  });
});

describe('vatNumberFitsCountry', () => {
  it('knows EU formats, and takes any plausible number elsewhere', () => {
    expect(vatNumberFitsCountry('DE 123 456 789', 'DE')).toBe(true);
    expect(vatNumberFitsCountry('DK1234', 'DK')).toBe(false);
    expect(vatNumberFitsCountry('ABN51824753556', 'AU')).toBe(true);
  });
});
