import { Trans } from '@lingui/react/macro';
import { EmptyState } from '@tidewatch/ui';
import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCurrentCustomerId } from '../../lib/customers';
import type { ClientUser } from '../../lib/stores';

/** Renders a page for the current customer; staff who have not chosen one are asked to, in the header. */
export function CustomerScope({
  user,
  children,
}: {
  user: ClientUser;
  children: (customerId: string) => ReactNode;
}) {
  const customerId = useCurrentCustomerId(user);
  if (customerId !== null) return children(customerId);
  return (
    <EmptyState icon={<Building2 size={32} aria-hidden="true" />} title={<Trans>Choose a customer</Trans>}>
      <p>
        <Trans>This page shows one customer at a time: choose which in the Customer list at the top.</Trans>
      </p>
    </EmptyState>
  );
}
