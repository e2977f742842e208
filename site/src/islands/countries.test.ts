import { describe, expect, it } from 'vitest';
import { countryNames, zoneForCountry } from './countries';

const zones = Intl.supportedValuesOf('timeZone');

describe('country list', () => {
  it('names countries by their common names, sorted as each language sorts', () => {
    const en = countryNames('en');
    const names = en.map(([, name]) => name);
    expect(en.find(([code]) => code === 'CN')?.[1]).toBe('China');
    expect(names.indexOf('China')).toBeLessThan(names.indexOf('Colombia'));
    expect(names).not.toContain("People's Republic of China");
    const da = countryNames('da').map(([, name]) => name);
    // Danish sorts Æ, Ø, Å after Z.
    expect(da.indexOf('Østrig')).toBeGreaterThan(da.indexOf('Zimbabwe'));
    expect(da).toContain('Kina');
  });

  it('leaves out codes that are no longer countries', () => {
    for (const locale of ['en', 'da'] as const) {
      const codes = countryNames(locale).map(([code]) => code);
      expect(codes).not.toContain('AN');
      expect(codes).not.toContain('YU');
      expect(codes).toContain('DK');
    }
  });
});

describe('time zone for a country', () => {
  it("picks the country's own zone", () => {
    expect(zoneForCountry('DK', 'Europe/Berlin', zones)).toBe('Europe/Copenhagen');
    expect(zoneForCountry('NO', 'UTC', zones)).toBe('Europe/Oslo');
    expect(zoneForCountry('DE', 'Europe/Copenhagen', zones)).toBe('Europe/Berlin');
  });

  it('keeps the current zone when the country uses it', () => {
    expect(zoneForCountry('US', 'America/Chicago', zones)).toBe('America/Chicago');
  });

  it('only picks a zone that is offered', () => {
    expect(zoneForCountry('DK', 'UTC', ['UTC', 'Europe/Berlin'])).toBe('Europe/Berlin');
    expect(zoneForCountry('DK', 'UTC', ['UTC'])).toBeUndefined();
  });
});
