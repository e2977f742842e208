import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { brand } from '@tidewatch/content/brand';
import { can, type RoleFlags } from '@tidewatch/domain';
import { lazy, Suspense, useEffect } from 'react';
import { customersQueryOptions } from '../../lib/customers';
import { useAdminStore } from '../../lib/stores';
import { FailedState } from '../../shared/query-state/query-state';

/** Only staff see the picker, so its code stays out of the portal's entry. */
const CustomerPicker = lazy(() => import('./customer-picker'));

/** Staff choose which customer they look at (the admin state's current customer); it also fills the name maps. */
export function CustomerSwitcher({ flags }: { flags: RoleFlags }) {
  const { t } = useLingui();
  const allowed = can(flags, 'customers.readAll');
  const customers = useQuery({ ...customersQueryOptions(), enabled: allowed });
  const setCustomers = useAdminStore((state) => state.setCustomers);
  useEffect(() => {
    if (customers.data) setCustomers(customers.data);
  }, [customers.data, setCustomers]);
  if (!allowed) return null;
  if (!customers.data)
    return customers.isError ? (
      <FailedState inline title={t`Could not load the customers`} query={customers} />
    ) : null;
  return (
    <Suspense fallback={null}>
      <CustomerPicker
        customers={customers.data.filter((customer) => customer.id !== brand.adminCustomer.id)}
      />
    </Suspense>
  );
}
