import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { brand } from '@tidewatch/content/brand';
import { Card, EmptyState, Select, Skeleton } from '@tidewatch/ui';
import { Building2 } from 'lucide-react';
import { customersQueryOptions } from '../../../lib/customers';
import { useAdminStore } from '../../../lib/stores';
import { QueryState } from '../../../shared/query-state/query-state';
import { AddServer } from './add-server';
import * as styles from './add-server.css';

/** /admin/install-script: staff plan a server and get its install command for any customer. */
export function InstallScriptPage({
  customerId,
  onCustomerChange,
}: {
  customerId: string | null;
  onCustomerChange(id: string | null): void;
}) {
  const { t } = useLingui();
  const customers = useQuery({
    ...customersQueryOptions(),
    meta: { errorMessage: t`Could not load customers` },
  });
  const headerCustomer = useAdminStore((state) => state.currentCustomerId);
  const chosen = customerId ?? headerCustomer;
  const choices = (customers.data ?? []).filter((customer) => customer.id !== brand.adminCustomer.id);
  const company = choices.find((customer) => customer.id === chosen)?.company_name;

  return (
    <div className={styles.form}>
      <Card title={<Trans>Customer</Trans>}>
        <QueryState
          query={customers}
          failed={t`Could not load the customers`}
          loading={<Skeleton height="64px" />}
        >
          {() => (
            <Select
              label={<Trans>Customer the server belongs to</Trans>}
              hint={
                <Trans>
                  The certname ends in the customer's id, and the token works only for that customer.
                </Trans>
              }
              value={chosen ?? ''}
              onChange={(event) => onCustomerChange(event.target.value || null)}
            >
              <option value="">{t`Choose a customer`}</option>
              {choices.map((customer) => (
                <option key={customer.id} value={customer.id}>
                  {customer.company_name} ({customer.id})
                </option>
              ))}
            </Select>
          )}
        </QueryState>
      </Card>
      {chosen && company ? (
        <section aria-label={t`Server for ${company}`} className={styles.form}>
          <AddServer key={chosen} customerId={chosen} />
        </section>
      ) : (
        customers.isSuccess && (
          <EmptyState
            icon={<Building2 size={32} aria-hidden="true" />}
            title={<Trans>Choose a customer first</Trans>}
          >
            <p className={styles.muted}>
              <Trans>Then name the server and choose its plan and roles to get its install command.</Trans>
            </p>
          </EmptyState>
        )
      )}
    </div>
  );
}
