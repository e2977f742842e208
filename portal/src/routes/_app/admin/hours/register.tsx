import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { RegisterTimePage } from '../../../../features/time-registration/components/register-time-page';
import { requireCapability } from '../../../../shared/guards';
import { Page } from '../../../../shared/page';

export const Route = createFileRoute('/_app/admin/hours/register')({
  beforeLoad: requireCapability('timeRegistration.use'),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { t } = useLingui();
  return (
    <Page title={t`Register Time`}>
      <RegisterTimePage />
    </Page>
  );
}
