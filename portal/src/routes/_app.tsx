import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { ApiError } from '@tidewatch/contract/client';
import { can, loginPathReturningTo } from '@tidewatch/domain';
import { activateLocale, i18n } from '@tidewatch/i18n';
import * as z from 'zod/mini';
import { AppLayout } from '../app/shell/app-layout';
import { customerIdParam, lenient } from '../lib/search-params';
import { applySession, sessionQueryOptions } from '../lib/session';
import { LOGIN_PATH } from '../lib/session-end';
import { signOutLocally, toClientUser, useAdminStore } from '../lib/stores';

/**
 * Any portal address may name the customer it opens at (`at`), so a link opened in a new tab shows
 * that customer; `customer` is left to the pages that take one as their own input.
 */
const CustomerInAddress = z.object({ at: lenient(customerIdParam) });

/** Every portal page: signed in, or off to the sign-in page, which returns here afterwards. */
export const Route = createFileRoute('/_app')({
  validateSearch: CustomerInAddress,
  beforeLoad: async ({ context, location, search }) => {
    try {
      const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
      applySession(session);
      if (i18n.locale !== session.user['user/language']) await activateLocale(session.user['user/language']);
      // Until a second factor the organisation requires is set up, settings (where it is) is the only page.
      if (session['two-factor-enrolment-required'] && location.pathname !== '/user/settings') {
        throw redirect({ to: '/user/settings', replace: true });
      }
      const user = toClientUser(session.user);
      if (search.at) switchToAddressedCustomer(user, search.at, location);
      return { session, user };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        signOutLocally();
        throw redirect({ href: loginPathReturningTo(LOGIN_PATH, location.href), reloadDocument: true });
      }
      throw error;
    }
  },
  component: AppLayoutRoute,
  // No notFoundComponent of its own: the router's default (the same page) renders inside the shell
  // without a second boundary around a failed session check (decision 70).
});

/**
 * Staff arriving at an address that names a customer look at that customer (the header switches),
 * and the address drops the name, so choosing another customer afterwards is not undone.
 */
function switchToAddressedCustomer(
  user: ReturnType<typeof toClientUser>,
  customer: string,
  location: { pathname: string; searchStr: string; hash: string },
): never {
  if (can(user, 'customers.readAll')) useAdminStore.getState().setCurrentCustomer(customer);
  const rest = new URLSearchParams(location.searchStr);
  rest.delete('at');
  const query = rest.toString();
  throw redirect({
    href: `${location.pathname}${query ? `?${query}` : ''}${location.hash ? `#${location.hash}` : ''}`,
    replace: true,
  });
}

function AppLayoutRoute() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions);
  return <AppLayout session={session} user={toClientUser(session.user)} />;
}
