import { contract, fillPath, type RouteDefinition } from '@tidewatch/contract';
import { can, roleFlags } from '@tidewatch/domain';
import { describe, expect, it } from 'vitest';
import { INFRASTRUCTURE_GROUPS, useTestApp } from './helpers';

const t = useTestApp();

/** Every route of the infrastructure pages that a plain user's capabilities do not reach must refuse them. */
const plainUser = roleFlags([]);

const refusedRoutes = INFRASTRUCTURE_GROUPS.flatMap((group) =>
  Object.entries(contract[group] as Record<string, RouteDefinition>)
    .filter(([, route]) => route.access.kind === 'capability' && !can(plainUser, route.access.capability))
    .map(([name, route]) => [`${group}.${name}`, route] as const),
);

describe("a plain user and their own customer's records", () => {
  it('covers every write of the infrastructure pages', () => {
    expect(refusedRoutes.map(([key]) => key)).toEqual(
      expect.arrayContaining([
        'servers.update',
        'servers.bulkTags',
        'servers.decommission',
        'clusters.create',
        'clusters.update',
        'tags.create',
        'tags.delete',
        'contacts.update',
        'contacts.delete',
        'features.set',
        'changeRequests.merge',
        'changeRequests.close',
        'installTokens.create',
        'installTokens.status',
      ]),
    );
  });

  it.each(refusedRoutes)('%s answers 403', async (_key, route) => {
    const user = await t.signedIn('user@acme.example');
    // Access is checked before anything else, so any well-formed address will do.
    const url = `/api${fillPath(route.path, {
      customer_id: 'acmecorp',
      certname: 'web-01.acmecorp',
      tag_id: '00000000-0000-4000-8000-000000000000',
      contact_id: '00000000-0000-4000-8000-000000000000',
      token_id: '00000000-0000-4000-8000-000000000000',
      number: 1,
      feature_id: 'backups',
    })}`;
    const response = await user.request(url, { method: route.method, ...(route.body ? { body: {} } : {}) });
    expect(response.statusCode, response.body).toBe(403);
  });
});
