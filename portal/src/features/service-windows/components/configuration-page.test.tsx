import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { render } from '../../../test/render';
import { configurationsQueryOptions, proposalsQueryOptions } from '../api/service-windows';
import { ConfigurationPage } from './configuration-page';

/** A customer with no update group yet: the answers are in the cache, so nothing is fetched. */
function withoutGroups() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(configurationsQueryOptions('acmecorp').queryKey, []);
  queryClient.setQueryData(proposalsQueryOptions('acmecorp', 'pending').queryKey, {
    data: [],
    next_cursor: null,
    total: 0,
    total_is_estimate: false,
  });
  return queryClient;
}

describe('the configuration page of a customer without update groups', () => {
  it('tells a customer to propose the window, since only staff set it', async () => {
    const { container } = await render(
      <ConfigurationPage customerId="acmecorp" isStaff={false} canPropose />,
      withoutGroups(),
    );
    expect(container.textContent).toContain('then propose its window here');
    expect(container.textContent).not.toContain('set its window');
  });

  it('tells staff to set the window', async () => {
    const { container } = await render(
      <ConfigurationPage customerId="acmecorp" isStaff canPropose />,
      withoutGroups(),
    );
    expect(container.textContent).toContain('then set its window here');
  });
});
