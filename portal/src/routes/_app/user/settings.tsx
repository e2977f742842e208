import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { activeSessionsQueryOptions } from '../../../features/settings/api/account';
import { SettingsPage } from '../../../features/settings/components/settings-page';
import { sessionQueryOptions } from '../../../lib/session';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/user/settings')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(activeSessionsQueryOptions());
  },
  component: SettingsRoute,
});

function SettingsRoute() {
  const { t } = useLingui();
  const { data: session } = useSuspenseQuery(sessionQueryOptions);
  return (
    <Page title={t`Settings`}>
      <SettingsPage session={session} />
    </Page>
  );
}
