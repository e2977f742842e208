import { contract, REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../core/route';
import { notFound } from '../../lib/http-error';
import {
  clearStaffLocation,
  findStaffMember,
  listStaffMembers,
  saveStaffLocation,
  toStaffMember,
} from './repository';

const notStaff = () => notFound(REFUSALS.noSuchStaffMember);

export async function staffLocationRoutes(app: FastifyInstance) {
  implement(app, contract.staffLocations, {
    async list() {
      return { data: await listStaffMembers(app.db) };
    },
    async set(request) {
      const member = await findStaffMember(app.db, request.params.user_id);
      if (!member) throw notStaff();
      const saved = await saveStaffLocation(app.db, member.id, request.body, app.now());
      return toStaffMember(member, saved);
    },
    async clear(request) {
      const member = await findStaffMember(app.db, request.params.user_id);
      if (!member) throw notStaff();
      await clearStaffLocation(app.db, member.id);
    },
  });
}
