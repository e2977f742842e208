/** What the end-of-life check needs of an entry of `content/data/os-lifecycle.json`. */
export interface OsLifecycleEntry {
  distribution: string;
  version: string;
  /** The last day of security updates, `YYYY-MM-DD`. */
  endOfLife: string;
}

/**
 * The catalogue entry for a distribution and version as /etc/os-release names them: an exact
 * version first (Ubuntu's 22.04), else its major version (Debian's 12.5 is 12, RHEL's 9.4 is 9).
 */
export function findOsVersion<E extends OsLifecycleEntry>(
  catalogue: readonly E[],
  distribution: string,
  version: string,
): E | undefined {
  const ofDistribution = catalogue.filter((entry) => entry.distribution === distribution.toLowerCase());
  const major = version.split('.')[0];
  return (
    ofDistribution.find((entry) => entry.version === version) ??
    ofDistribution.find((entry) => entry.version === major)
  );
}

/** Past end of life once the day after its last day of updates has begun (UTC). */
export function isPastEndOfLife(endOfLife: string, today: Date): boolean {
  return today.toISOString().slice(0, 10) > endOfLife;
}
