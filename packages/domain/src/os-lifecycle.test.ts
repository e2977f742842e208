import { describe, expect, it } from 'vitest';
import { findOsVersion, isPastEndOfLife } from './os-lifecycle';

const catalogue = [
  { distribution: 'ubuntu', version: '22.04', endOfLife: '2027-06-01' },
  { distribution: 'debian', version: '11', endOfLife: '2026-08-31' },
  { distribution: 'debian', version: '12', endOfLife: '2028-06-30' },
];

describe('findOsVersion', () => {
  it('matches an exact version, then the major version', () => {
    expect(findOsVersion(catalogue, 'ubuntu', '22.04')?.endOfLife).toBe('2027-06-01');
    expect(findOsVersion(catalogue, 'Debian', '12.5')?.version).toBe('12');
    expect(findOsVersion(catalogue, 'debian', '9')).toBeUndefined();
    expect(findOsVersion(catalogue, 'ubuntu', '22.10')).toBeUndefined();
  });
});

describe('isPastEndOfLife', () => {
  it('is false through the last day of updates and true from the day after', () => {
    expect(isPastEndOfLife('2026-08-31', new Date('2026-08-31T23:59:59Z'))).toBe(false);
    expect(isPastEndOfLife('2026-08-31', new Date('2026-09-01T00:00:00Z'))).toBe(true);
    expect(isPastEndOfLife('2028-06-30', new Date('2026-11-02T09:00:00Z'))).toBe(false);
  });
});
