import type { Configuration, ServerStatus } from '@tidewatch/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  agentRuns,
  changeRequests,
  clusters,
  clusterTags,
  contacts,
  contactTags,
  featureSwitches,
  servers,
  serverTags,
  tags,
  users,
} from '../db/schema';
import { defaultParameters, yamlOf } from '../modules/configuration';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Plan = NonNullable<(typeof servers.$inferInsert)['plan']>;

type Architecture = 'x86_64' | 'aarch64';

interface OsFacts {
  family: string;
  distribution: string;
  version: string;
  prettyName: string;
  /** The kernel each architecture runs: a host reports one architecture, and its kernel matches. */
  kernel: Record<Architecture, string>;
}

const OS: Record<string, OsFacts> = {
  ubuntu2204: {
    family: 'debian',
    distribution: 'ubuntu',
    version: '22.04',
    prettyName: 'Ubuntu 22.04.5 LTS',
    kernel: { x86_64: '5.15.0-125-generic', aarch64: '5.15.0-125-generic' },
  },
  ubuntu2404: {
    family: 'debian',
    distribution: 'ubuntu',
    version: '24.04',
    prettyName: 'Ubuntu 24.04.3 LTS',
    kernel: { x86_64: '6.8.0-87-generic', aarch64: '6.8.0-87-generic' },
  },
  debian11: {
    family: 'debian',
    distribution: 'debian',
    version: '11',
    prettyName: 'Debian GNU/Linux 11 (bullseye)',
    kernel: { x86_64: '5.10.0-35-amd64', aarch64: '5.10.0-35-arm64' },
  },
  debian12: {
    family: 'debian',
    distribution: 'debian',
    version: '12',
    prettyName: 'Debian GNU/Linux 12 (bookworm)',
    kernel: { x86_64: '6.1.0-40-amd64', aarch64: '6.1.0-40-arm64' },
  },
  rhel9: {
    family: 'redhat',
    distribution: 'rhel',
    version: '9.6',
    prettyName: 'Red Hat Enterprise Linux 9.6 (Plow)',
    kernel: { x86_64: '5.14.0-570.el9.x86_64', aarch64: '5.14.0-570.el9.aarch64' },
  },
  rocky9: {
    family: 'redhat',
    distribution: 'rocky',
    version: '9.6',
    prettyName: 'Rocky Linux 9.6 (Blue Onyx)',
    kernel: { x86_64: '5.14.0-570.el9.x86_64', aarch64: '5.14.0-570.el9.aarch64' },
  },
  centos7: {
    family: 'redhat',
    distribution: 'centos',
    version: '7',
    prettyName: 'CentOS Linux 7 (Core)',
    kernel: { x86_64: '3.10.0-1160.el7.x86_64', aarch64: '3.10.0-1160.el7.aarch64' },
  },
  sles15: {
    family: 'suse',
    distribution: 'sles',
    version: '15.6',
    prettyName: 'SUSE Linux Enterprise Server 15 SP6',
    kernel: { x86_64: '6.4.0-150600.23-default', aarch64: '6.4.0-150600.23-default' },
  },
};

interface DemoServer {
  hostname: string;
  os?: keyof typeof OS;
  plan: Plan | null;
  roles?: string[];
  tags: string[];
  location?: string;
  /** Most hosts are x86_64; the Arm ones are named. */
  architecture?: Architecture;
  status?: ServerStatus;
  /** Minutes since the last ping (active servers ping every few minutes). */
  silentMinutes?: number;
  failure?: string;
}

/** A group of like servers: `web-01` … `web-08`. */
const numbered = (prefix: string, count: number, server: Omit<DemoServer, 'hostname'>): DemoServer[] =>
  Array.from({ length: count }, (_, index) => ({
    hostname: `${prefix}-${String(index + 1).padStart(2, '0')}`,
    ...server,
  }));

const ACME_SERVERS: DemoServer[] = [
  ...numbered('web', 8, {
    os: 'ubuntu2404',
    plan: 'gold',
    roles: ['nginx', 'redis'],
    tags: ['Web Shop', 'production', 'weekly-patching'],
    location: 'Hetzner FSN1',
  }),
  ...numbered('db', 4, {
    os: 'debian12',
    plan: 'platinum',
    roles: ['postgresql'],
    tags: ['Data Engineering', 'production', 'database', 'monthly-patching'],
    location: 'Hetzner FSN1',
  }),
  ...numbered('etl', 4, {
    os: 'debian11',
    plan: 'silver',
    tags: ['Data Engineering', 'monthly-patching'],
    location: 'AWS eu-central-1',
  }),
  ...numbered('erp', 2, {
    os: 'centos7',
    plan: 'bronze',
    tags: ['Platform', 'production'],
    location: 'Copenhagen office',
  }),
  ...numbered('app', 4, {
    os: 'rhel9',
    plan: 'gold',
    tags: ['Platform', 'production', 'weekly-patching'],
    location: 'AWS eu-central-1',
  }),
  ...numbered('ci-runner', 4, {
    os: 'ubuntu2204',
    plan: 'bronze',
    roles: ['docker-host'],
    tags: ['Platform', 'staging'],
    location: 'Hetzner FSN1',
    architecture: 'aarch64',
  }),
  ...numbered('lb', 2, {
    os: 'debian12',
    plan: 'gold',
    roles: ['haproxy'],
    tags: ['Web Shop', 'production', 'weekly-patching'],
    location: 'Hetzner FSN1',
  }),
  ...numbered('staging-web', 3, {
    os: 'ubuntu2404',
    plan: 'basic',
    roles: ['nginx'],
    tags: ['Web Shop', 'staging'],
    location: 'Hetzner FSN1',
    architecture: 'aarch64',
  }),
  {
    hostname: 'monitor-01',
    os: 'rocky9',
    plan: 'gold',
    roles: ['monitoring-server'],
    tags: ['Platform'],
    location: 'Hetzner HEL1',
  },
  {
    hostname: 'mail-01',
    os: 'debian12',
    plan: 'silver',
    roles: ['mail-relay'],
    tags: ['Platform', 'production'],
    location: 'Hetzner FSN1',
  },
  { hostname: 'files-01', os: 'sles15', plan: 'silver', tags: ['Platform'], location: 'Copenhagen office' },
  {
    hostname: 'backup-01',
    os: 'debian12',
    plan: 'silver',
    tags: ['Platform', 'monthly-patching'],
    location: 'Hetzner HEL1',
  },
  { hostname: 'vpn-01', os: 'ubuntu2204', plan: null, tags: ['Platform'], location: 'Copenhagen office' },
  {
    hostname: 'batch-01',
    os: 'ubuntu2404',
    plan: 'silver',
    tags: ['Data Engineering'],
    status: 'stale',
    silentMinutes: 5 * 60,
    location: 'AWS eu-central-1',
  },
  {
    hostname: 'batch-02',
    plan: 'silver',
    tags: ['Data Engineering'],
    status: 'install_failed',
    failure: 'Cannot tell the operating system: /etc/os-release has no ID or VERSION_ID',
  },
  { hostname: 'report-01', plan: 'bronze', tags: ['Data Engineering'], status: 'registered' },
  {
    hostname: 'old-web-01',
    os: 'ubuntu2204',
    plan: null,
    tags: ['Web Shop'],
    status: 'decommissioned',
    silentMinutes: 60 * 24 * 40,
  },
];

const GLOBEX_SERVERS: DemoServer[] = [
  ...numbered('gx-web', 3, {
    os: 'ubuntu2404',
    plan: 'silver',
    roles: ['nginx'],
    tags: ['Operations', 'prod'],
  }),
  { hostname: 'gx-db-01', os: 'rhel9', plan: 'gold', roles: ['mariadb'], tags: ['Operations', 'prod'] },
  { hostname: 'gx-legacy-01', os: 'debian11', plan: 'basic', tags: ['Operations'] },
  {
    hostname: 'gx-batch-01',
    os: 'ubuntu2204',
    plan: 'bronze',
    tags: ['Operations'],
    status: 'stale',
    silentMinutes: 9 * 60,
  },
];

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
        lastRunAt: runs[0]?.startedAt ?? null,
        lastRunStatus: runs[0]?.status ?? null,
        createdAt: minutesAgo(60 * 24 * (200 - index)),
      },
      runs,
    };
  });
}

/** Tags besides the teams and groups the base demo has. */
const MORE_TAGS: (typeof tags.$inferInsert)[] = [
  { customerId: 'acmecorp', name: 'Web Shop', type: 'team', timezone: 'Europe/Copenhagen' },
  { customerId: 'acmecorp', name: 'monthly-patching', type: 'update_group', timezone: 'Europe/London' },
  { customerId: 'acmecorp', name: 'staging', type: 'plain' },
  { customerId: 'acmecorp', name: 'database', type: 'plain' },
  { customerId: 'globexco', name: 'prod', type: 'plain' },
  { customerId: 'globexco', name: 'nightly', type: 'update_group', timezone: 'Europe/Berlin' },
];

const CONTACTS = [
  {
    customerId: 'acmecorp',
    name: 'Frank Miller',
    email: 'manager@acme.example',
    phone: '+45 33 12 34 56',
    kinds: ['billing', 'technical'] as const,
    tags: [] as string[],
  },
  {
    customerId: 'acmecorp',
    name: 'Platform on-call',
    email: 'platform-oncall@acme.example',
    phone: '+45 70 11 22 33',
    kinds: ['alert'] as const,
    tags: ['Platform'],
  },
  {
    customerId: 'acmecorp',
    name: 'Priya Raman',
    email: 'priya.raman@acme.example',
    phone: '+44 20 7946 0321',
    kinds: ['alert', 'technical'] as const,
    tags: ['Data Engineering'],
  },
  {
    customerId: 'acmecorp',
    name: 'Mads Kjær',
    email: 'mads.kjaer@acme.example',
    phone: null,
    kinds: ['alert', 'technical'] as const,
    tags: ['Web Shop', 'Platform'],
  },
  {
    customerId: 'globexco',
    name: 'Globex NOC',
    email: 'noc@globex.example',
    phone: '+49 30 1234 5678',
    kinds: ['alert'] as const,
    tags: ['Operations'],
  },
];

const CLUSTERS: (typeof clusters.$inferInsert & { tags: string[] })[] = [
  {
    customerId: 'acmecorp',
    name: 'shop-prod',
    certname: 'shop-prod.acmecorp',
    type: 'workload',
    provider: 'hetzner',
    kubernetesVersion: '1.33.4',
    suiteVersion: '2.8.1',
    controlPlaneReplicas: 3,
    nodeGroups: [
      { name: 'general', min: 3, max: 9 },
      { name: 'memory', min: 1, max: 4 },
    ],
    nodeCount: 7,
    plan: 'gold',
    status: 'active',
    tags: ['Web Shop', 'production', 'weekly-patching'],
  },
  {
    customerId: 'acmecorp',
    name: 'data-platform',
    certname: 'data-platform.acmecorp',
    type: 'workload',
    provider: 'aws',
    kubernetesVersion: '1.32.8',
    suiteVersion: '2.8.1',
    controlPlaneReplicas: 3,
    nodeGroups: [{ name: 'spark', min: 2, max: 20 }],
    nodeCount: 5,
    plan: 'silver',
    status: 'active',
    tags: ['Data Engineering', 'monthly-patching'],
  },
  {
    customerId: 'acmecorp',
    name: 'office-vpn',
    certname: 'office-vpn.acmecorp',
    type: 'vpn',
    provider: 'bare-metal',
    kubernetesVersion: '1.33.4',
    suiteVersion: '2.8.0',
    controlPlaneReplicas: 1,
    nodeGroups: [{ name: 'edge', min: 1, max: 2 }],
    nodeCount: 1,
    plan: 'bronze',
    status: 'active',
    tags: ['Platform'],
  },
  {
    customerId: 'globexco',
    name: 'gx-apps',
    certname: 'gx-apps.globexco',
    type: 'workload',
    provider: 'azure',
    kubernetesVersion: '1.31.12',
    suiteVersion: '2.7.4',
    controlPlaneReplicas: 3,
    nodeGroups: [{ name: 'default', min: 2, max: 6 }],
    nodeCount: 3,
    plan: 'gold',
    status: 'active',
    tags: ['Operations'],
  },
];

const FEATURE_SWITCHES = [
  { customerId: 'acmecorp', featureId: 'monitoring', tag: null, enabled: true },
  { customerId: 'acmecorp', featureId: 'backups', tag: null, enabled: true },
  { customerId: 'acmecorp', featureId: 'backups', tag: 'staging', enabled: false },
  { customerId: 'acmecorp', featureId: 'automatic-updates', tag: 'weekly-patching', enabled: true },
  { customerId: 'acmecorp', featureId: 'security-scanning', tag: 'production', enabled: true },
  { customerId: 'globexco', featureId: 'monitoring', tag: null, enabled: true },
];

/** Servers, clusters, tags, contacts, feature switches and change requests of the demo customers. */
export async function seedInfrastructure(tx: Tx, now: Date): Promise<void> {
  await tx.insert(tags).values(MORE_TAGS);
  const tagRows = await tx
    .select()
    .from(tags)
    .where(inArray(tags.customerId, ['acmecorp', 'globexco']));
  const tagId = (customerId: string, name: string) => {
    const row = tagRows.find((tag) => tag.customerId === customerId && tag.name === name);
    if (!row) throw new Error(`demo tag ${customerId}/${name}`);
    return row.id;
  };
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  const fleet = planFleet(now);
  const serverRows = await tx
    .insert(servers)
    .values(fleet.map(({ server: { tagNames: _tagNames, ...server } }) => server))
    .returning();
  await tx.insert(serverTags).values(
    fleet.flatMap(({ server }, index) =>
      server.tagNames.map((name, position) => ({
        serverId: serverRows[index]?.id ?? '',
        tagId: tagId(server.customerId, name),
        position,
      })),
    ),
  );
  await tx
    .insert(agentRuns)
    .values(
      fleet.flatMap(({ runs }, index) =>
        runs.map((run) => ({ ...run, serverId: serverRows[index]?.id ?? '' })),
      ),
    );

  for (const { tags: names, ...cluster } of CLUSTERS) {
    const [row] = await tx
      .insert(clusters)
      .values({ ...cluster, lastPingAt: minutesAgo(2), createdAt: minutesAgo(60 * 24 * 90) })
      .returning();
    if (!row) throw new Error('demo cluster');
    await tx.insert(clusterTags).values(
      names.map((name, position) => ({
        clusterId: row.id,
        tagId: tagId(cluster.customerId, name),
        position,
      })),
    );
  }

  for (const { tags: names, kinds, ...contact } of CONTACTS) {
    const [row] = await tx
      .insert(contacts)
      .values({ ...contact, kinds: [...kinds] })
      .returning();
    if (!row) throw new Error('demo contact');
    if (names.length) {
      await tx
        .insert(contactTags)
        .values(names.map((name) => ({ contactId: row.id, tagId: tagId(contact.customerId, name) })));
    }
  }

  await tx.insert(featureSwitches).values(
    FEATURE_SWITCHES.map(({ tag, ...entry }) => ({
      ...entry,
      tagId: tag ? tagId(entry.customerId, tag) : null,
      updatedAt: minutesAgo(60 * 24 * 7),
    })),
  );

  await seedChangeRequests(tx, now);
}

/** An open request (adding Redis to the shop's load balancer) and a merged one (Nginx on staging). */
async function seedChangeRequests(tx: Tx, now: Date): Promise<void> {
  const [manager] = await tx.select().from(users).where(eq(users.email, 'manager@acme.example'));
  const [member] = await tx.select().from(users).where(eq(users.email, 'user@acme.example'));
  const [globexManager] = await tx.select().from(users).where(eq(users.email, 'manager@globex.example'));
  const server = async (certname: string) => {
    const [row] = await tx.select().from(servers).where(eq(servers.certname, certname));
    if (!row) throw new Error(`demo server ${certname}`);
    return row;
  };
  const [staging] = await tx
    .select()
    .from(tags)
    .where(and(eq(tags.customerId, 'acmecorp'), eq(tags.name, 'staging')));
  if (!manager || !member || !globexManager || !staging) throw new Error('demo change request authors');

  const lb = await server('lb-01.acmecorp');
  const lbBase: Configuration = { roles: lb.roles, parameters: lb.parameters };
  const lbProposed: Configuration = {
    roles: ['haproxy', 'redis'],
    parameters: {
      haproxy: { backends: 'web-01:8080, web-02:8080', maxconn: 8000, stats_password: null },
      redis: { maxmemory_mb: 256, persistence: false, password: null },
    },
  };
  const stagingProposed: Configuration = {
    roles: ['nginx'],
    parameters: {
      nginx: {
        server_names: 'staging.acme.example',
        certificate_email: 'ops@acme.example',
        http2: true,
        worker_processes: 2,
        client_max_body_size_mb: 50,
      },
    },
  };
  const gx = await server('gx-db-01.globexco');
  const gxProposed: Configuration = {
    roles: ['mariadb'],
    parameters: { mariadb: { version: '11.4', innodb_buffer_pool_mb: 4096, root_password: null } },
  };
  const day = 24 * 60 * 60_000;
  await tx.insert(changeRequests).values([
    {
      customerId: 'acmecorp',
      number: 1,
      title: 'Nginx for the staging web servers',
      tagId: staging.id,
      targetName: staging.name,
      roles: stagingProposed.roles,
      parameters: stagingProposed.parameters,
      baseYaml: yamlOf({ roles: [], parameters: {} }),
      proposedYaml: yamlOf(stagingProposed),
      status: 'merged',
      authorId: member.id,
      authorName: member.name,
      resolvedById: manager.id,
      resolvedByName: manager.name,
      createdAt: new Date(now.getTime() - 9 * day),
      resolvedAt: new Date(now.getTime() - 8 * day),
    },
    {
      customerId: 'acmecorp',
      number: 2,
      title: 'Cache sessions on the load balancer',
      serverId: lb.id,
      targetName: lb.certname,
      roles: lbProposed.roles,
      parameters: lbProposed.parameters,
      baseYaml: yamlOf(lbBase),
      proposedYaml: yamlOf(lbProposed),
      authorId: member.id,
      authorName: member.name,
      createdAt: new Date(now.getTime() - day),
    },
    {
      customerId: 'globexco',
      number: 1,
      title: 'Larger buffer pool for the database',
      serverId: gx.id,
      targetName: gx.certname,
      roles: gxProposed.roles,
      parameters: gxProposed.parameters,
      baseYaml: yamlOf({ roles: gx.roles, parameters: gx.parameters }),
      proposedYaml: yamlOf(gxProposed),
      authorId: globexManager.id,
      authorName: globexManager.name,
      createdAt: new Date(now.getTime() - 2 * day),
    },
  ]);
  // The merged request is live: the staging tag carries its configuration.
  await tx
    .update(tags)
    .set({ roles: stagingProposed.roles, parameters: stagingProposed.parameters })
    .where(eq(tags.id, staging.id));
}
