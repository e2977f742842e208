import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { brand } from '@tidewatch/content/brand';
import { ImpersonateBody } from '@tidewatch/contract';
import { Badge, Button, Card, EmptyState, fieldProps, Skeleton, TextInput } from '@tidewatch/ui';
import { Search, UserRoundCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { customersQueryOptions, customerUsersQueryOptions } from '../../../lib/customers';
import { useApiForm } from '../../../lib/forms';
import { useAdminStore } from '../../../lib/stores';
import { QueryState } from '../../../shared/query-state/query-state';
import { useStartImpersonation } from '../api/start-impersonation';
import * as styles from './impersonate-page.css';

const matches = (query: string, ...values: (string | null | undefined)[]) => {
  const needle = query.trim().toLowerCase();
  return !needle || values.some((value) => value?.toLowerCase().includes(needle));
};

const MAX_LISTED = 50;

/** /admin/impersonate: find a customer and one of its users, give a reason, start. */
export function ImpersonatePage({
  customerId,
  onCustomerChange,
}: {
  customerId: string | null;
  onCustomerChange(id: string): void;
}) {
  const { t } = useLingui();
  const [customerQuery, setCustomerQuery] = useState('');
  const [userQuery, setUserQuery] = useState('');
  const customers = useQuery({
    ...customersQueryOptions(),
    meta: { errorMessage: t`Could not load customers` },
  });
  const users = useQuery({
    ...customerUsersQueryOptions(customerId ?? ''),
    enabled: customerId !== null,
    meta: { errorMessage: t`Could not load users` },
  });
  const shortNames = useAdminStore((state) => state.shortNames);

  const start = useStartImpersonation();
  const { form, fields, pending } = useApiForm(ImpersonateBody, (value) =>
    start.mutateAsync({ userId: value['user-id'], reason: value.reason }),
  );

  // Staff cannot be impersonated, so their pseudo-customer is not offered.
  const customerChoices = useMemo(
    () =>
      (customers.data ?? []).filter(
        (customer) =>
          customer.id !== brand.adminCustomer.id &&
          matches(customerQuery, customer.company_name, customer.id),
      ),
    [customers.data, customerQuery],
  );
  const userChoices = (users.data ?? []).filter(
    (user) => user.active && matches(userQuery, user['user/name'], user['user/email']),
  );

  return (
    <div className={styles.layout}>
      <Card title={<Trans>Customer</Trans>}>
        <fieldset className={styles.picker}>
          <legend className={styles.legend}>
            <Trans>Choose a customer</Trans>
          </legend>
          <TextInput
            label={<Trans>Search customers</Trans>}
            type="search"
            prefix={<Search size={16} aria-hidden="true" />}
            value={customerQuery}
            onChange={(event) => setCustomerQuery(event.target.value)}
          />
          <QueryState
            query={customers}
            failed={t`Could not load the customers`}
            loading={<Skeleton height="160px" />}
            isEmpty={() => customerChoices.length === 0}
            empty={
              <p className={styles.muted}>
                <Trans>No customer matches “{customerQuery}”.</Trans>
              </p>
            }
          >
            {() => (
              <ul className={styles.options}>
                {customerChoices.slice(0, MAX_LISTED).map((customer) => (
                  <li key={customer.id}>
                    <label className={styles.option}>
                      <input
                        type="radio"
                        name="customer"
                        value={customer.id}
                        checked={customerId === customer.id}
                        onChange={() => {
                          onCustomerChange(customer.id);
                          setUserQuery('');
                        }}
                      />
                      <Badge tone="brand">{shortNames[customer.id] ?? '?'}</Badge>
                      <span className={styles.optionText}>
                        {customer.company_name}
                        <span className={styles.optionMeta}>{customer.id}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </fieldset>
      </Card>

      <Card title={<Trans>User and reason</Trans>}>
        {customerId === null ? (
          <EmptyState
            icon={<UserRoundCheck size={32} aria-hidden="true" />}
            title={<Trans>Choose a customer first</Trans>}
          >
            <Trans>Its users appear here.</Trans>
          </EmptyState>
        ) : (
          <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
            <fieldset className={styles.picker}>
              <legend className={styles.legend}>
                <Trans>Choose a user</Trans>
              </legend>
              <TextInput
                label={<Trans>Search users</Trans>}
                type="search"
                prefix={<Search size={16} aria-hidden="true" />}
                value={userQuery}
                onChange={(event) => setUserQuery(event.target.value)}
              />
              <QueryState
                query={users}
                failed={t`Could not load the customer's users`}
                loading={<Skeleton height="120px" />}
                isEmpty={() => userChoices.length === 0}
                empty={
                  <p className={styles.muted}>
                    <Trans>This customer has no active user to act as.</Trans>
                  </p>
                }
              >
                {() => (
                  <ul className={styles.options}>
                    {userChoices.slice(0, MAX_LISTED).map((user) => (
                      <li key={user['user/id']}>
                        <label className={styles.option}>
                          <input type="radio" name={fields['user-id'].name} value={user['user/id']} />
                          <span className={styles.optionText}>
                            {user['user/name']}
                            <span className={styles.optionMeta}>{user['user/email']}</span>
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </QueryState>
              {fields['user-id'].errors && <p className={styles.formError}>{t`Choose the user to act as`}</p>}
            </fieldset>
            <TextInput
              label={<Trans>Reason</Trans>}
              hint={
                <Trans>Recorded in the audit log with everything you change, e.g. a ticket number.</Trans>
              }
              {...fieldProps(fields.reason)}
              required
              autoComplete="off"
            />
            {form.errors && <p className={styles.formError}>{form.errors.join(' ')}</p>}
            <Button type="submit" loading={pending} icon={<UserRoundCheck size={18} aria-hidden="true" />}>
              <Trans>Start impersonating</Trans>
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
