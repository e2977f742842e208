import { describe, expect, it } from 'vitest';
import { ZodOptional, type z } from 'zod';
import { CustomerId } from './common';
import { contract } from './index';
import type { RouteDefinition } from './route';

const routes = Object.entries(contract).flatMap(([group, definitions]) =>
  Object.entries(definitions as Record<string, RouteDefinition>).map(([name, route]) => ({
    key: `${group}.${name}`,
    route,
  })),
);

/** Whether a field is a customer id, required or optional. */
const isCustomerId = (field: unknown) =>
  field === CustomerId || (field instanceof ZodOptional && field.unwrap() === CustomerId);

/** The key of a params or query schema that names a customer, if any. */
const customerKeyIn = (schema: unknown) =>
  Object.entries((schema as z.ZodObject | undefined)?.shape ?? {}).find(([, field]) =>
    isCustomerId(field),
  )?.[0];

describe('tenant declarations', () => {
  // The tenant check runs only where a route declares it: a route naming a customer without it
  // would answer for any customer to anyone signed in.
  it.each(routes.filter(({ route }) => route.access.kind !== 'public'))(
    '$key declares the customer it names',
    ({ route }) => {
      const inPath = customerKeyIn(route.params);
      const inQuery = customerKeyIn(route.query);
      if (inPath) expect(route.tenant).toEqual({ from: 'params', key: inPath });
      else if (inQuery) expect(route.tenant).toEqual({ from: 'query', key: inQuery });
      else expect(route.tenant).toBeUndefined();
    },
  );
});
