import '@tidewatch/ui/global';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { activateLocale, i18n, isLocale } from '@tidewatch/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadStatusPages, NotFoundPage, RouteErrorPage } from './app/shell/lazy-status-pages';
import { createAppQueryClient } from './lib/query-client';
import { waitForHydration } from './lib/stores';
import { routeTree } from './route-tree.gen';

const queryClient = createAppQueryClient();
const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Data comes from TanStack Query, which decides freshness itself.
  defaultPreloadStaleTime: 0,
  defaultErrorComponent: RouteErrorPage,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

const stopWaiting = router.subscribe('onResolved', () => {
  stopWaiting();
  void loadStatusPages();
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

async function start() {
  // The persisted slices come back first (spec: at most 5000 ms).
  await waitForHydration(5000);
  const preferred = navigator.language.slice(0, 2);
  await activateLocale(isLocale(preferred) && preferred !== 'hi' ? preferred : 'en');
  const root = document.getElementById('root');
  if (!root) return;
  // An error no route boundary catches would leave an empty page: it shows the start-up error instead.
  createRoot(root, { onUncaughtError: failToStart }).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

function failToStart(error: unknown) {
  console.error('The portal stopped', error);
  document.body.textContent = 'Error occurred while generating page';
}

start().catch(failToStart);
