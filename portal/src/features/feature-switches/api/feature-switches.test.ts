import type { FeatureState } from '@tidewatch/contract';
import { describe, expect, it } from 'vitest';
import { applySwitch } from './feature-switches';

const features: FeatureState[] = [
  { id: 'monitoring', enabled_for_all: true, tags: [{ tag: 'staging', enabled: false }] },
  { id: 'backups', enabled_for_all: false, tags: [] },
];

describe('applySwitch', () => {
  it('switches a feature for all servers and leaves the others alone', () => {
    const next = applySwitch(features, { feature: 'backups', enabled: true });
    expect(next[1]).toEqual({ id: 'backups', enabled_for_all: true, tags: [] });
    expect(next[0]).toBe(features[0]);
  });

  it('changes, adds and removes a tag override', () => {
    expect(applySwitch(features, { feature: 'monitoring', tag: 'staging', enabled: true })[0]?.tags).toEqual([
      { tag: 'staging', enabled: true },
    ]);
    expect(
      applySwitch(features, { feature: 'monitoring', tag: 'production', enabled: false })[0]?.tags,
    ).toEqual([
      { tag: 'staging', enabled: false },
      { tag: 'production', enabled: false },
    ]);
    expect(applySwitch(features, { feature: 'monitoring', tag: 'staging', enabled: null })[0]?.tags).toEqual(
      [],
    );
  });
});
