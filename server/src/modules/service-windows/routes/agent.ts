import { REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { conflict, HttpError, notFound } from '../../../lib/http-error';
import { hashSecret } from '../../agent';
import { advanceWindows } from '../events';
import {
  begunWindowIds,
  type Machine,
  machineByCredential,
  nextStartOf,
  openWindowOf,
  recordFirstReport,
  targetInWindow,
  windowStatus,
} from '../repository/agent';
import type { PublicHandlers } from './handlers';

/** The machine whose credential the bearer header carries: a server's or a cluster's. */
async function machineOf(db: Database, request: FastifyRequest): Promise<Machine> {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new HttpError(401, REFUSALS.sendBearer, undefined, undefined, { kind: 'agent' });
  const machine = await machineByCredential(db, hashSecret(match[1]));
  if (!machine) throw new HttpError(401, REFUSALS.unknownCredential, undefined, undefined, { kind: 'agent' });
  return machine;
}

/** An agent asks whether its machine may update now, and reports when it is done. */
export function agentHandlers(app: FastifyInstance): PublicHandlers<'agentWindow' | 'agentDone'> {
  const { db } = app;
  return {
    async agentWindow(request) {
      const machine = await machineOf(db, request);
      const now = app.now();
      const begun = await begunWindowIds(db, machine, now);
      if (begun.length) await advanceWindows(db, now, begun);
      const window = await openWindowOf(db, machine);
      const nextStart = await nextStartOf(db, machine, now);
      return {
        certname: machine.certname,
        open: Boolean(window),
        window_id: window?.id ?? null,
        type: window?.type ?? null,
        timezone: window?.timezone ?? null,
        ends_at: window?.endsAt.toISOString() ?? null,
        reboot_allowed: window?.rebootAllowed ?? null,
        next_start: nextStart?.toISOString() ?? null,
      };
    },

    async agentDone(request) {
      const machine = await machineOf(db, request);
      const { window_id } = request.params;
      const now = app.now();
      await advanceWindows(db, now, [window_id]);
      const found = await targetInWindow(db, machine, window_id);
      if (!found || found.target.exempted)
        throw notFound(REFUSALS.notInWindow, { certname: machine.certname });
      if (found.window.status === 'scheduled') throw conflict(REFUSALS.windowNotOpen);
      await recordFirstReport(db, found.target.id, {
        reportedAt: now,
        result: request.body.result,
        comment: request.body.comment,
      });
      await advanceWindows(db, now, [window_id]);
      return { window_id, status: (await windowStatus(db, window_id)) ?? found.window.status };
    },
  };
}
