import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '@tidewatch/i18n';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
i18n.loadAndActivate({ locale: 'en', messages: {} });

/** Renders into a fresh container with the providers the portal has; returns the container. */
export async function render(node: ReactNode, queryClient = new QueryClient()) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
      </I18nProvider>,
    );
  });
  return { container, unmount: () => act(() => root.unmount()) };
}

/** Lets pending promises and the renders they cause finish. */
export const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
