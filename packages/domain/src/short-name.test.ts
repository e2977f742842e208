import { describe, expect, it } from 'vitest';
import { customerShortName } from './short-name';

describe('customerShortName', () => {
  it('takes the initials of up to three words', () => {
    expect(customerShortName('Acme Corp')).toBe('AC');
    expect(customerShortName('Globex')).toBe('G');
    expect(customerShortName('nordic cloud hosting group')).toBe('NCH');
  });

  it('uses a leading number when the name starts with one', () => {
    expect(customerShortName('42 Networks')).toBe('42');
    expect(customerShortName('12345 Holding')).toBe('123');
  });

  it('copes with punctuation and letters beyond ASCII', () => {
    expect(customerShortName('Ørsted & Co.')).toBe('ØC');
    expect(customerShortName('  ')).toBe('?');
  });
});
