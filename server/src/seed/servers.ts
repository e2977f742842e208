import type { ServerStatus } from '@tidewatch/domain';
import type { servers } from '../db/schema';

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

export const OS: Record<string, OsFacts> = {
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

export const ACME_SERVERS: DemoServer[] = [
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

export const GLOBEX_SERVERS: DemoServer[] = [
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
