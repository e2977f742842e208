import { FIELD_REFUSALS, REFUSALS } from '@tidewatch/contract';
import { zonedInstant } from '@tidewatch/domain';
import type { FastifyInstance } from 'fastify';
import { requireAuth, tenantOf } from '../../../core/access';
import type { Tenant } from '../../../core/tenant';
import { pageTotal } from '../../../lib/bounded-total';
import { fieldRefusal, HttpError } from '../../../lib/http-error';
import { advanceWindows, tellWindows } from '../events';
import { groupMembers, type Member } from '../repository/booking';
import { insertAdhocWindow, machinesNamed, windowItem, windowItems, windowPage } from '../repository/windows';
import { groupOr404, type PortalHandlers, windowOr404 } from './handlers';

/** The customer's windows, and ad hoc ones booked by hand. */
export function windowHandlers(app: FastifyInstance): PortalHandlers<'windows' | 'book'> {
  const { db } = app;

  /** The tenant's servers and clusters by certname; 400 naming the first unknown one. */
  async function targetsByCertname(tenant: Tenant, certnames: string[]): Promise<Member[]> {
    if (certnames.length === 0) return [];
    const machines = await machinesNamed(db, tenant, certnames);
    return certnames.map((certname) => {
      const server = machines.servers.find((row) => row.certname === certname);
      const cluster = machines.clusters.find((row) => row.certname === certname);
      if (!server && !cluster) {
        throw fieldRefusal(400, 'certnames', REFUSALS.noSuchMachineNamed, { certname });
      }
      return { serverId: server?.id ?? null, clusterId: cluster?.id ?? null, certname };
    });
  }

  return {
    async windows(request) {
      await advanceWindows(db, app.now());
      const page = await windowPage(db, tenantOf(request), request.query);
      return {
        data: await windowItems(db, page.rows),
        next_cursor: page.nextCursor,
        ...pageTotal(page.total),
      };
    },

    async book(request) {
      const tenant = tenantOf(request);
      const body = request.body;
      const auth = requireAuth(request);
      const tag = body.tag_id ? await groupOr404(db, tenant, body.tag_id) : null;
      const chosen = await targetsByCertname(tenant, body.certnames);
      const members = tag ? await groupMembers(db, tag.id, 'both') : [];
      const outside =
        tag && chosen.find((target) => !members.some((member) => member.certname === target.certname));
      if (outside) {
        throw fieldRefusal(400, 'certnames', REFUSALS.notInGroup, {
          certname: outside.certname,
          group: tag.name,
        });
      }
      const [date = '', time = ''] = body.starts_at_local.split('T');
      const startsAt = zonedInstant(date, time, body.timezone);
      const now = app.now();
      if (startsAt <= now) {
        throw new HttpError(400, FIELD_REFUSALS.startPassed, {
          starts_at_local: [FIELD_REFUSALS.startPassed],
        });
      }
      const window = await db.transaction(async (tx) => {
        const row = await insertAdhocWindow(
          tx,
          tenant,
          {
            tagId: tag?.id ?? null,
            startsAt,
            endsAt: new Date(startsAt.getTime() + body.duration_minutes * 60_000),
            timezone: body.timezone,
            rebootAllowed: body.reboot_allowed,
            note: body.note,
            createdAt: now,
            createdById: auth.user.id,
          },
          chosen.length ? chosen : members,
        );
        await tellWindows(tx, 'service_window.scheduled', [row], now);
        return row;
      });
      await advanceWindows(db, now, [window.id]);
      return windowItem(db, await windowOr404(db, tenant, window.id));
    },
  };
}
