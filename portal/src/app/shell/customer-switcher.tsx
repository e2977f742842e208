import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { brand } from '@tidewatch/content';
import { can, type RoleFlags } from '@tidewatch/domain';
import { useEffect } from 'react';
import { customersQueryOptions } from '../../lib/customers';
import { useAdminStore } from '../../lib/stores';
import { FailedState } from '../query-state/query-state';
import * as styles from './shell.css';

/** Staff choose which customer they look at (the admin state's current customer); it also fills the name maps. */
export function CustomerSwitcher({ flags }: { flags: RoleFlags }) {
  const { t } = useLingui();
  const allowed = can(flags, 'customers.readAll');
  const customers = useQuery({ ...customersQueryOptions(), enabled: allowed });
  const { currentCustomerId, setCurrentCustomer, setCustomers, shortNames } = useAdminStore();
  useEffect(() => {
    if (customers.data) setCustomers(customers.data);
  }, [customers.data, setCustomers]);
  if (!allowed) return null;
  if (!customers.data)
    return customers.isError ? (
      <FailedState inline title={t`Could not load the customers`} query={customers} />
    ) : null;
  const choices = customers.data.filter((customer) => customer.id !== brand.adminCustomer.id);
  return (
    <select
      className={styles.customerSelect}
      aria-label={t`Customer`}
      value={currentCustomerId ?? ''}
      onChange={(event) => setCurrentCustomer(event.target.value || null)}
    >
      <option value="">{t`All customers`}</option>
      {choices.map((customer) => (
        <option key={customer.id} value={customer.id}>
          {shortNames[customer.id]} · {customer.company_name}
        </option>
      ))}
    </select>
  );
}
