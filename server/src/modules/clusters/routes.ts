import { contract, REFUSALS } from '@tidewatch/contract';
import { certnameOf } from '@tidewatch/domain';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tenantOf } from '../../core/access';
import { implement } from '../../core/route';
import { type ClusterRow, clusters, clusterTags } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../lib/http-error';
import { keyset } from '../../lib/keyset';
import { containing } from '../../lib/search';
import { createInstallToken } from '../agent';
import { changePlanFor, startPlan } from '../plans';
import { findTagByName, replaceTags, tagsByName } from '../tags';
import { CLUSTER_SORT_KEYS, clusterSummariesOf, findCluster } from './repository';

/**
 * The suite's operator reads this secret to finish the bootstrap: it posts the token to the API
 * at `url` (POST /agent/cluster/bootstrap) and keeps the credential it gets back.
 */
const bootstrapCommand = (token: string, customerId: string, apiUrl: string) =>
  `kubectl create namespace tidewatch-system --dry-run=client -o yaml | kubectl apply -f - && kubectl -n tidewatch-system create secret generic tidewatch-bootstrap --from-literal=token=${token} --from-literal=customer=${customerId} --from-literal=url=${apiUrl}`;

export async function clusterRoutes(app: FastifyInstance, options: { publicUrl: string }) {
  const { db } = app;

  async function load(customerId: string, certname: string): Promise<ClusterRow> {
    const row = await findCluster(db, customerId, certname);
    if (!row) throw notFound(REFUSALS.noSuchCluster);
    return row;
  }

  implement(app, contract.clusters, {
    async list(request) {
      const { customer_id } = request.params;
      const { q, tag, provider, type, status, sort, cursor, limit } = request.query;
      const conditions: (SQL | undefined)[] = [
        eq(clusters.customerId, customer_id),
        status ? eq(clusters.status, status) : ne(clusters.status, 'decommissioned'),
        q ? containing(clusters.certname, q) : undefined,
        provider && eq(clusters.provider, provider),
        type && eq(clusters.type, type),
      ];
      if (tag) {
        const row = await findTagByName(db, tenantOf(request), tag);
        if (!row) return { data: [], next_cursor: null, total: 0 };
        conditions.push(
          inArray(
            clusters.id,
            db.select({ id: clusterTags.clusterId }).from(clusterTags).where(eq(clusterTags.tagId, row.id)),
          ),
        );
      }
      const where = and(...conditions);
      const paging = keyset({
        keys: CLUSTER_SORT_KEYS,
        unique: { name: 'name', column: clusters.certname },
        sort,
        cursor,
      });
      const [rows, [counted]] = await Promise.all([
        db
          .select({ cluster: clusters, key: paging.keyValue })
          .from(clusters)
          .where(and(where, paging.after))
          .orderBy(...paging.orderBy)
          .limit(limit + 1),
        cursor ? [] : db.select({ n: sql<number>`count(*)::int` }).from(clusters).where(where),
      ]);
      return {
        data: await clusterSummariesOf(
          db,
          rows.slice(0, limit).map((row) => row.cluster),
        ),
        next_cursor: paging.nextCursor(rows, limit, (row) => row.cluster.certname),
        total: cursor ? null : (counted?.n ?? 0),
      };
    },

    async detail(request) {
      const [summary] = await clusterSummariesOf(db, [
        await load(request.params.customer_id, request.params.certname),
      ]);
      if (!summary) throw notFound(REFUSALS.noSuchCluster);
      return summary;
    },

    async create(request) {
      const { customer_id } = request.params;
      const body = request.body;
      const certname = certnameOf(body.name, customer_id);
      if (await findCluster(db, customer_id, certname))
        throw conflict(REFUSALS.clusterNamedExists, { name: body.name });
      const tagRows = await tagsByName(db, tenantOf(request), body.tags);
      const names = body.node_groups.map((group) => group.name);
      if (new Set(names).size !== names.length) {
        throw new HttpError(400, REFUSALS.nodeGroupNamedTwice, {
          node_groups: [REFUSALS.nodeGroupNamedTwice],
        });
      }
      const { row, token } = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(clusters)
          .values({
            customerId: customer_id,
            name: body.name,
            certname,
            type: body.type,
            provider: body.provider,
            plan: body.plan,
            kubernetesVersion: body.kubernetes_version ?? null,
            controlPlaneReplicas: body.control_plane_replicas,
            nodeGroups: body.node_groups,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await startPlan(tx, { customerId: customer_id, kind: 'cluster', certname }, body.plan, app.now());
        await replaceTags(
          tx,
          { clusterId: row.id },
          tagRows.map((tag) => tag.id),
        );
        const token = await createInstallToken(tx, {
          customerId: customer_id,
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
          command: bootstrapCommand(token.token, customer_id, `${options.publicUrl}/api`),
        },
      };
    },

    async update(request) {
      const { customer_id, certname } = request.params;
      const row = await load(customer_id, certname);
      const { tags: tagNames, plan } = request.body;
      const tagRows = tagNames ? await tagsByName(db, tenantOf(request), tagNames) : null;
      await db.transaction(async (tx) => {
        // The same rules as the finance API's plan change: a downgrade waits for next month.
        if (plan !== undefined && plan !== row.plan) {
          await changePlanFor(tx, request, { customerId: customer_id, kind: 'cluster', certname }, plan);
        }
        if (tagRows)
          await replaceTags(
            tx,
            { clusterId: row.id },
            tagRows.map((tag) => tag.id),
          );
      });
      const [summary] = await clusterSummariesOf(db, [await load(customer_id, certname)]);
      if (!summary) throw notFound(REFUSALS.noSuchCluster);
      return summary;
    },
  });
}
