import { describe, expect, it } from 'vitest';
import { customerIdCandidate, vatRateFor } from './customers';

describe('customerIdCandidate', () => {
  it('takes up to seven letters of the name and then the digits, 6 to 10 characters', () => {
    expect(customerIdCandidate('Analytical Engines ApS', '123')).toBe('analyti123');
    expect(customerIdCandidate('Ørsted', '42')).toBe('rsted42');
    expect(customerIdCandidate('X', '7')).toBe('x70000');
    expect(customerIdCandidate('Acme', '98765432')).toBe('acme987654');
  });

  it('always fits the id rule', () => {
    for (const name of ['A', '42 Networks', 'Élan Vital & Co', '---']) {
      expect(customerIdCandidate(name, '0042')).toMatch(/^[a-z0-9]{6,10}$/);
    }
  });
});

describe('vatRateFor', () => {
  const home = { country: 'DK', ratePercent: 25 };
  it('charges the home rate at home, whatever the VAT number', () => {
    expect(vatRateFor({ country: 'DK', hasVatId: true }, home)).toBe(25);
  });
  it('reverse-charges EU businesses abroad with a VAT number', () => {
    expect(vatRateFor({ country: 'DE', hasVatId: true }, home)).toBe(0);
    expect(vatRateFor({ country: 'DE', hasVatId: false }, home)).toBe(25);
  });
  it('charges no VAT outside the EU', () => {
    expect(vatRateFor({ country: 'US', hasVatId: false }, home)).toBe(0);
  });
});
