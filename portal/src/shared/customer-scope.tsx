import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { brand } from '@tidewatch/content/brand';
import type { OwnedKind } from '@tidewatch/contract';
import { can } from '@tidewatch/domain';
import { Button, EmptyState } from '@tidewatch/ui';
import { Building2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { ownersQueryOptions, useCurrentCustomerId } from '../lib/customers';
import { type ClientUser, useAdminStore } from '../lib/stores';
import * as styles from './customer-scope.css';
import { FailedState, LoadingState } from './query-state/query-state';

/** What a page's address names (a server, cluster or team), whose customer it can be opened at. */
export interface Owned {
  kind: OwnedKind;
  name: string;
}

/**
 * Renders a page for the current customer. Staff who have not chosen one are asked to, in the
 * header; a page whose address names its thing switches the header to that thing's customer.
 */
export function CustomerScope({
  user,
  owned,
  children,
}: {
  user: ClientUser;
  owned?: Owned;
  children: (customerId: string) => ReactNode;
}) {
  const customerId = useCurrentCustomerId(user);
  // The page switches the header once, on arrival: "All customers" chosen on it afterwards stays chosen.
  const scopedThing = useRef<string | null>(null);
  const thing = owned && `${owned.kind}:${owned.name}`;
  if (customerId !== null && thing) scopedThing.current = thing;
  if (customerId === brand.adminCustomer.id) return <StaffOwnAccount />;
  if (customerId !== null) return children(customerId);
  if (owned && scopedThing.current !== thing) return <OpenAtOwner owned={owned} />;
  return <ChooseCustomer user={user} />;
}

/** Staff whose roles do not read customers' records (security officers) are in the staff's own account. */
function StaffOwnAccount() {
  const account = brand.adminCustomer.name;
  return (
    <EmptyState
      icon={<Building2 size={32} aria-hidden="true" />}
      title={<Trans>Nothing of the staff's own here</Trans>}
    >
      <p>
        <Trans>
          {account} is the staff's own account: it has no servers, clusters, tags or teams. Customers' records
          open to staff whose roles read every customer.
        </Trans>
      </p>
    </EmptyState>
  );
}

function ChooseCustomer({ user }: { user: ClientUser }) {
  return (
    <EmptyState icon={<Building2 size={32} aria-hidden="true" />} title={<Trans>Choose a customer</Trans>}>
      <p>
        <Trans>This page shows one customer at a time: choose which in the Customer list at the top.</Trans>
      </p>
      {can(user, 'serviceWindow.manage') && (
        <p>
          <Link to="/admin/service-window/queue">
            <Trans>See what waits for staff across customers</Trans>
          </Link>
        </p>
      )}
    </EmptyState>
  );
}

/** Finds whose the addressed thing is and switches the header to that customer (or lets staff pick one of several). */
function OpenAtOwner({ owned }: { owned: Owned }) {
  const { t } = useLingui();
  const setCurrentCustomer = useAdminStore((state) => state.setCurrentCustomer);
  const owners = useQuery(ownersQueryOptions(owned.kind, owned.name));
  const only = owners.data?.length === 1 ? owners.data[0] : undefined;
  useEffect(() => {
    if (only) setCurrentCustomer(only.id);
  }, [only, setCurrentCustomer]);
  if (owners.isPending || only) return <LoadingState lines={4} />;
  if (owners.isError) return <FailedState title={t`Could not find whose ${owned.name} is`} query={owners} />;
  if (owners.data.length === 0)
    return (
      <EmptyState icon={<Building2 size={32} aria-hidden="true" />} title={t`No customer has ${owned.name}`}>
        <p>
          <Trans>Check the address, or choose a customer in the Customer list at the top.</Trans>
        </p>
      </EmptyState>
    );
  return (
    <EmptyState
      icon={<Building2 size={32} aria-hidden="true" />}
      title={t`Several customers have ${owned.name}`}
    >
      <p>
        <Trans>Choose whose to open:</Trans>
      </p>
      <div className={styles.ownerChoices}>
        {owners.data.map((owner) => (
          <Button key={owner.id} variant="secondary" onClick={() => setCurrentCustomer(owner.id)}>
            {owner.company_name}
          </Button>
        ))}
      </div>
    </EmptyState>
  );
}
