/** A feature switched on or off for all of a customer's servers (`tag` null) or for one tag's. */
export interface FeatureSwitch {
  tag: string | null;
  enabled: boolean;
}

/**
 * Whether a feature is on for a server with these tags (in order): the first of its tags with a
 * switch decides (earlier tags win, as everywhere), else the switch for all, else off.
 */
export function featureEnabledFor(
  serverTags: readonly string[],
  switches: readonly FeatureSwitch[],
): boolean {
  for (const tag of serverTags) {
    const byTag = switches.find((entry) => entry.tag === tag);
    if (byTag) return byTag.enabled;
  }
  return switches.find((entry) => entry.tag === null)?.enabled ?? false;
}
