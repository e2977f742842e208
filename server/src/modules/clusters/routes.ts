import { contract, REFUSALS } from '@tidewatch/contract';
import { certnameOf } from '@tidewatch/domain';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import type { Tenant } from '../../core/tenant';
import { pageTotal } from '../../lib/bounded-total';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { createInstallToken } from '../agent';
import { changePlanFor, startPlan } from '../plans';
import { replaceTags, tagsByName } from '../tags';
import { type ClusterRow, clusterSummariesOf, findCluster, insertCluster, listClusters } from './repository';

/**
 * The suite's operator reads this secret to finish the bootstrap: it posts the token to the API
 * at `url` (POST /agent/cluster/bootstrap) and keeps the credential it gets back.
 */
const bootstrapCommand = (token: string, customerId: string, apiUrl: string) =>
  `kubectl create namespace tidewatch-system --dry-run=client -o yaml | kubectl apply -f - && kubectl -n tidewatch-system create secret generic tidewatch-bootstrap --from-literal=token=${token} --from-literal=customer=${customerId} --from-literal=url=${apiUrl}`;

export async function clusterRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const { db } = app;

  async function load(tenant: Tenant, certname: string): Promise<ClusterRow> {
    const row = await findCluster(db, tenant, certname);
    if (!row) throw notFound(REFUSALS.noSuchCluster);
    return row;
  }

  implement(app, contract.clusters, {
    async list(request) {
      const { sort, cursor, limit, ...filters } = request.query;
      const page = await listClusters(db, tenantOf(request), filters, { sort, cursor, limit });
      return {
        data: await clusterSummariesOf(db, page.rows),
        next_cursor: page.nextCursor,
        ...pageTotal(page.total),
      };
    },

    async detail(request) {
      const [summary] = await clusterSummariesOf(db, [
        await load(tenantOf(request), request.params.certname),
      ]);
      if (!summary) throw notFound(REFUSALS.noSuchCluster);
      return summary;
    },

    async create(request) {
      const tenant = tenantOf(request);
      const { customerId } = tenant;
      const body = request.body;
      const certname = certnameOf(body.name, customerId);
      if (await findCluster(db, tenant, certname))
        throw conflict(REFUSALS.clusterNamedExists, { name: body.name });
      const tagRows = await tagsByName(db, tenant, body.tags);
      const names = body.node_groups.map((group) => group.name);
      if (new Set(names).size !== names.length) {
        throw new HttpError(400, REFUSALS.nodeGroupNamedTwice, {
          node_groups: [REFUSALS.nodeGroupNamedTwice],
        });
      }
      const { row, token } = await db.transaction(async (tx) => {
        const row = await insertCluster(tx, tenant, {
          name: body.name,
          certname,
          type: body.type,
          provider: body.provider,
          plan: body.plan,
          kubernetesVersion: body.kubernetes_version ?? null,
          controlPlaneReplicas: body.control_plane_replicas,
          nodeGroups: body.node_groups,
        });
        await startPlan(tx, { customerId, kind: 'cluster', certname }, body.plan, app.now());
        await replaceTags(
          tx,
          { clusterId: row.id },
          tagRows.map((tag) => tag.id),
        );
        const token = await createInstallToken(tx, {
          customerId,
          kind: 'cluster',
          certname,
          clusterId: row.id,
          createdById: request.auth?.user.id ?? null,
          now: app.now(),
        });
        return { row, token };
      });
      const [cluster] = await clusterSummariesOf(db, [row]);
      if (!cluster) throw new Error('summary of a created cluster');
      return {
        cluster,
        bootstrap: {
          token: token.token,
          expires_at: token.expiresAt.toISOString(),
          command: bootstrapCommand(token.token, customerId, `${options.publicUrl}/api`),
        },
      };
    },

    async update(request) {
      const { certname } = request.params;
      const tenant = tenantOf(request);
      const row = await load(tenant, certname);
      const { tags: tagNames, plan } = request.body;
      const tagRows = tagNames ? await tagsByName(db, tenant, tagNames) : null;
      await db.transaction(async (tx) => {
        // The same rules as the finance API's plan change: a downgrade waits for next month.
        if (plan !== undefined && plan !== row.plan) {
          await changePlanFor(
            tx,
            request,
            { customerId: tenant.customerId, kind: 'cluster', certname },
            plan,
          );
        }
        if (tagRows)
          await replaceTags(
            tx,
            { clusterId: row.id },
            tagRows.map((tag) => tag.id),
          );
      });
      const [summary] = await clusterSummariesOf(db, [await load(tenant, certname)]);
      if (!summary) throw notFound(REFUSALS.noSuchCluster);
      return summary;
    },
  });
}
