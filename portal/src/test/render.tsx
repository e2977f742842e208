import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@tidewatch/i18n';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

// React's act() warns unless it is told that it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
i18n.loadAndActivate({ locale: 'en', messages: {} });

const mounted: { root: Root; container: HTMLElement; queryClient: QueryClient }[] = [];

// Every render is unmounted after its test, and the query client's batched notifications (a
// timer away) run while the page still exists, not after the test environment is gone.
afterEach(async () => {
  for (const { root, container, queryClient } of mounted.splice(0)) {
    act(() => root.unmount());
    queryClient.clear();
    container.remove();
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
});

/** Renders into a fresh container with the providers the portal has; returns the container. */
export async function render(node: ReactNode, queryClient = new QueryClient()) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const entry = { root, container, queryClient };
  mounted.push(entry);
  await act(async () => {
    root.render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
      </I18nProvider>,
    );
  });
  return {
    container,
    unmount: () => {
      mounted.splice(mounted.indexOf(entry), 1);
      return act(() => root.unmount());
    },
  };
}

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Lets pending promises and the renders they cause finish: turns until no rendered query is still
 * fetching, then once more for the query client's batched notification (a timer away).
 */
export const settle = () =>
  act(async () => {
    do await nextTurn();
    while (mounted.some(({ queryClient }) => queryClient.isFetching() > 0));
    await nextTurn();
  });
