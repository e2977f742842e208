import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ChatInboxPage } from '../../../features/chat-inbox/components/chat-inbox-page';
import { ChatInboxSearch } from '../../../features/chat-inbox/inbox-view';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/admin/chat')({
  validateSearch: ChatInboxSearch,
  beforeLoad: requireCapability('chat.answer'),
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
