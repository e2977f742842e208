import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { NotFoundPage, RouteErrorPage } from '../app/shell/status-pages';

/** The toaster and its library load after the first screen (decision 40). */
const AppToaster = lazy(() => import('../app/toaster').then((module) => ({ default: module.AppToaster })));

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  ),
  errorComponent: RouteErrorPage,
  notFoundComponent: NotFoundPage,
});
