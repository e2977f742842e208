import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { staffQueueQueryOptions } from '../../../../features/service-windows/api/service-windows';
import { StaffQueuePage } from '../../../../features/service-windows/components/staff-queue-page';
import { requireCapability } from '../../../../shared/guards';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/admin/service-window/queue')({
  beforeLoad: requireCapability('serviceWindow.manage'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(staffQueueQueryOptions());
  },
  component: QueueRoute,
});

function QueueRoute() {
  const { t } = useLingui();
  return (
    <Page title={t`Waiting for staff`}>
      <StaffQueuePage />
    </Page>
  );
}
