import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { ApiError } from '@tidewatch/contract/client';
import { loginPathReturningTo } from '@tidewatch/domain';
import { activateLocale, i18n } from '@tidewatch/i18n';
import { AppLayout } from '../app/shell/app-layout';
import { applySession, LOGIN_PATH, sessionQueryOptions } from '../lib/session';
import { signOutLocally, toClientUser } from '../lib/stores';

/** Every portal page: signed in, or off to the sign-in page, which returns here afterwards. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    try {
      const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
      applySession(session);
      if (i18n.locale !== session.user['user/language']) await activateLocale(session.user['user/language']);
      return { session, user: toClientUser(session.user) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        signOutLocally();
        throw redirect({ href: loginPathReturningTo(LOGIN_PATH, location.href), reloadDocument: true });
      }
      throw error;
    }
  },
  component: AppLayoutRoute,
  // No notFoundComponent of its own: under Preact its not-found boundary re-throws a failed session
  // check forever, freezing the tab (decision 70); the router's default renders inside the shell.
});

function AppLayoutRoute() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions);
  return <AppLayout session={session} user={toClientUser(session.user)} />;
}
