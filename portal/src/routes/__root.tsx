import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage, RouteErrorPage } from '../app/shell/status-pages';
import { AppToaster } from '../app/toaster';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <AppToaster />
    </>
  ),
  errorComponent: RouteErrorPage,
  notFoundComponent: NotFoundPage,
});
