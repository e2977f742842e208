import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search';

describe('matchesSearch', () => {
  it('matches every word in any order, ignoring case, accents and underscores', () => {
    expect(matchesSearch('America/Argentina/Buenos_Aires', 'buenos aires')).toBe(true);
    expect(matchesSearch('acmecorp · Acme Corporation', 'corp ACME')).toBe(true);
    expect(matchesSearch('Europe/Zürich', 'zurich')).toBe(true);
    expect(matchesSearch('Europe/Copenhagen', 'berlin')).toBe(false);
  });

  it('matches everything for an empty query', () => {
    expect(matchesSearch('anything', '  ')).toBe(true);
  });
});
