import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { NotFoundPage, RouteErrorPage } from '../app/shell/lazy-status-pages';
import { useToasterWanted } from '../lib/notify';

export interface RouterContext {
  queryClient: QueryClient;
}

const AppToaster = lazy(() => import('../app/toaster').then((module) => ({ default: module.AppToaster })));

/** The toaster, mounted with the first toast (see notify). */
function Toasts() {
  return useToasterWanted() ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <Toasts />
    </>
  ),
  errorComponent: RouteErrorPage,
  notFoundComponent: NotFoundPage,
});
