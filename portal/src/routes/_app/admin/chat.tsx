import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { inboxListQueryOptions } from '../../../features/chat-inbox/api/inbox';
import { ChatInboxPage } from '../../../features/chat-inbox/components/chat-inbox-page';
import { ChatInboxSearch, inboxQueryOf } from '../../../features/chat-inbox/inbox-view';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/admin/chat')({
  validateSearch: ChatInboxSearch,
  beforeLoad: requireCapability('chat.answer'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(inboxListQueryOptions(inboxQueryOf(deps)));
  },
  component: ChatInboxRoute,
});

function ChatInboxRoute() {
  const { t } = useLingui();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Page title={t`Chat`}>
      <ChatInboxPage
        view={view}
        onViewChange={(search, options) => navigate({ search, replace: options?.replace })}
      />
    </Page>
  );
}
