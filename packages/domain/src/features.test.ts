import { describe, expect, it } from 'vitest';
import { featureEnabledFor } from './features';

describe('featureEnabledFor', () => {
  const switches = [
    { tag: null, enabled: true },
    { tag: 'lab', enabled: false },
    { tag: 'production', enabled: true },
  ];

  it('lets the earliest tag with a switch decide, then the switch for all', () => {
    expect(featureEnabledFor(['lab', 'production'], switches)).toBe(false);
    expect(featureEnabledFor(['production', 'lab'], switches)).toBe(true);
    expect(featureEnabledFor(['web'], switches)).toBe(true);
  });

  it('is off without any switch', () => {
    expect(featureEnabledFor(['web'], [])).toBe(false);
  });
});
