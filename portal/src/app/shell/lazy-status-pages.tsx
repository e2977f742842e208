import { type ComponentProps, lazy, Suspense } from 'react';

/**
 * The status pages are needed only when a page cannot be shown, so they load apart from the first
 * screen; `main.tsx` loads them once the first page is up, so a failure later does not wait on them.
 */
export const loadStatusPages = () => import('./status-pages');

const LazyRouteErrorPage = lazy(() => loadStatusPages().then((pages) => ({ default: pages.RouteErrorPage })));
const LazyNotFoundPage = lazy(() => loadStatusPages().then((pages) => ({ default: pages.NotFoundPage })));

export function RouteErrorPage(props: ComponentProps<typeof LazyRouteErrorPage>) {
  return (
    <Suspense fallback={null}>
      <LazyRouteErrorPage {...props} />
    </Suspense>
  );
}

export function NotFoundPage() {
  return (
    <Suspense fallback={null}>
      <LazyNotFoundPage />
    </Suspense>
  );
}
