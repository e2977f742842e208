import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CreateCustomerPage } from '../../../features/create-customer/components/create-customer-page';
import { timeZonesQueryOptions } from '../../../lib/time-zones';
import { requireCapability } from '../../../shared/guards';
import { Page } from '../../../shared/page';

export const Route = createFileRoute('/_app/admin/create-customer')({
  beforeLoad: requireCapability('customers.create'),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(timeZonesQueryOptions());
  },
  component: CreateCustomerRoute,
});

function CreateCustomerRoute() {
  const { t } = useLingui();
  return (
    <Page title={t`Create Customer`}>
      <CreateCustomerPage />
    </Page>
  );
}
