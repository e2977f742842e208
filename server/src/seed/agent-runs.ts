import type { agentRuns, servers } from '../db/schema';
import { defaultParameters } from '../modules/configuration';
import { ACME_SERVERS, GLOBEX_SERVERS, OS } from './servers';

/** Hosts whose latest agent runs fail, and why. */
const FAILING: Record<string, string> = {
  'web-05.acmecorp': 'Certificate renewal for shop.acme.example failed: the ACME challenge timed out',
  'etl-03.acmecorp': 'Disk /var is 97% full; package installation stopped',
  'gx-web-02.globexco': 'Could not reach the package mirror deb.debian.org: connection timed out',
};

const CHANGES = [
  '3 resources changed: nginx.conf updated, service reloaded',
  '14 packages updated',
  '1 resource changed: /etc/motd',
  'Users and SSH keys updated (2 resources)',
  'Firewall rules updated (4 resources)',
  'Kernel updated, reboot scheduled for the next service window',
];
const PASSING_FAILURES = [
  'Could not reach the package mirror: connection timed out',
  'Another package manager held the dpkg lock; will retry on the next run',
];

/** A seeded pseudo-random source (mulberry32), so every start and every test sees the same demo. */
export function seededRandom(seed: string): () => number {
  let state = [...seed].reduce(
    (hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619),
    2_166_136_261,
  );
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type RunRow = Omit<typeof agentRuns.$inferInsert, 'serverId'>;
type PlannedServer = Omit<typeof servers.$inferInsert, 'id'> & { customerId: string; tagNames: string[] };

const RUN_EVERY_MINUTES = 30;

/**
 * The agent runs a host made until it went silent, newest first: a varied count and length, a
 * change now and then, an occasional failure that the next run clears, and a host in FAILING
 * failing for its last few runs.
 */
function runHistory(random: () => number, lastRunAt: Date, failing: string | undefined): RunRow[] {
  const count = 6 + Math.floor(random() * 15);
  const failingRuns = failing ? 1 + Math.floor(random() * 3) : 0;
  const baseMs = 6_000 + Math.floor(random() * 40_000);
  return Array.from({ length: count }, (_, back) => {
    const roll = random();
    const failed = back < failingRuns || (back > 0 && roll < 0.04);
    const changed = !failed && roll > 0.85;
    const status = failed ? ('failed' as const) : changed ? ('changed' as const) : ('unchanged' as const);
    const summary =
      back < failingRuns && failing
        ? failing
        : failed
          ? (PASSING_FAILURES[Math.floor(random() * PASSING_FAILURES.length)] ?? '')
          : changed
            ? (CHANGES[Math.floor(random() * CHANGES.length)] ?? '')
            : 'No changes';
    return {
      startedAt: new Date(lastRunAt.getTime() - (back * RUN_EVERY_MINUTES + random() * 3) * 60_000),
      durationMs: Math.round(baseMs * (changed ? 2.5 : 1) * (0.7 + random() * 0.6)),
      status,
      summary,
    };
  });
}

/** The demo servers and their agent runs as rows, the same for the same `now`. */
export function planFleet(now: Date): { server: PlannedServer; runs: RunRow[] }[] {
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const planned = [
    ...ACME_SERVERS.map((server) => ({ customerId: 'acmecorp', ...server })),
    ...GLOBEX_SERVERS.map((server) => ({ customerId: 'globexco', ...server })),
  ];
  return planned.map((server, index) => {
    const certname = `${server.hostname}.${server.customerId}`;
    const random = seededRandom(certname);
    const os = server.os ? OS[server.os] : undefined;
    const status = server.status ?? 'active';
    const reported = os && status !== 'registered';
    const lastPing = reported ? minutesAgo(server.silentMinutes ?? 1 + Math.floor(random() * 5)) : null;
    const runs = lastPing
      ? runHistory(
          random,
          new Date(lastPing.getTime() - random() * RUN_EVERY_MINUTES * 60_000),
          FAILING[certname],
        )
      : [];
    const architecture = server.architecture ?? 'x86_64';
    const kernel = reported ? os.kernel[architecture] : null;
    return {
      server: {
        customerId: server.customerId,
        tagNames: server.tags,
        certname,
        hostname: server.hostname,
        plan: server.plan,
        status,
        roles: server.roles ?? [],
        parameters: defaultParameters(server.roles ?? []),
        osFamily: reported ? os.family : null,
        distribution: reported ? os.distribution : null,
        osVersion: reported ? os.version : null,
        kernel,
        location: server.location ?? null,
        facts: (reported && kernel ? { pretty_name: os.prettyName, architecture, kernel } : {}) as Record<
          string,
          string
        >,
        installFailureReason: server.failure ?? null,
        lastPingAt: lastPing,
        // A decommissioned server was taken out just after its agent last reported.
        decommissionedAt:
          status === 'decommissioned' && lastPing ? new Date(lastPing.getTime() + 60 * 60_000) : null,
        lastRunAt: runs[0]?.startedAt ?? null,
        lastRunStatus: runs[0]?.status ?? null,
        createdAt: minutesAgo(60 * 24 * (200 - index)),
      },
      runs,
    };
  });
}
