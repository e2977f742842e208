import type { Configuration } from '@tidewatch/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
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
import { yamlOf } from '../modules/configuration';
import { planFleet } from './agent-runs';

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
  const lastMonthMid = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 10));
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
      // Merged in the middle of last month, so its service report lists it.
      createdAt: new Date(lastMonthMid.getTime() - day),
      resolvedAt: lastMonthMid,
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
