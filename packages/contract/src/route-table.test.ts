import { describe, expect, it } from 'vitest';
import { browserContract } from './index';
import { routeTableOf } from './route-table';
import { routeTable } from './route-table.gen';

describe('the generated route table', () => {
  it('matches the contract (run `pnpm --filter @tidewatch/contract routes:write` after changing a route)', () => {
    expect(routeTable).toEqual(routeTableOf(browserContract));
  });
});
