import { describe, expect, it } from 'vitest';
import { duration } from './format';

describe('duration', () => {
  it('writes minutes, whole hours and whole days past the first as the mails do', () => {
    expect(duration('en', 15)).toBe('15 minutes');
    expect(duration('en', 60)).toBe('1 hour');
    expect(duration('en', 24 * 60)).toBe('24 hours');
    expect(duration('en', 7 * 24 * 60)).toBe('7 days');
    expect(duration('da', 90)).toBe('90 minutter');
    expect(duration('da', 7 * 24 * 60)).toBe('7 dage');
  });
});
