import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireCapability } from '../../../../app/guards';
import { Page } from '../../../../app/shell/page';
import { StaffQueuePage } from '../../../../features/service-windows/components/staff-queue-page';

export const Route = createFileRoute('/_app/admin/service-window/queue')({
  beforeLoad: requireCapability('serviceWindow.manage'),
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
