import { describe, expect, it } from 'vitest';
import { createGeoIp } from '../src/modules/chat/geoip';

describe('the IP-location databases', () => {
  it('are read on the first lookup of their family and let go once unused', async () => {
    // Let go after 5 s unused: long enough that a slow machine's second lookup finds the first still open.
    const geoIp = createGeoIp(undefined, 5_000);
    expect(geoIp.openFiles()).toBe(0);
    const place = await geoIp.lookup('80.62.116.1');
    expect(place?.country).toBe('Denmark');
    expect(geoIp.openFiles()).toBe(1);
    await geoIp.lookup('2a02:aa1::1');
    expect(geoIp.openFiles()).toBe(2);
    await expect.poll(() => geoIp.openFiles(), { timeout: 12_000 }).toBe(0);
    // Read again when asked again.
    expect(await geoIp.lookup('80.62.116.1')).toEqual(place);
    expect(geoIp.openFiles()).toBe(1);
  });
});
