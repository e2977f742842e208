import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BillingContacts, type BillingRecord } from '@tidewatch/contract';
import { Button, Card, fieldProps, Skeleton, TextInput } from '@tidewatch/ui';
import { billingQueryOptions } from '../../../lib/customers';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { FailedState } from '../../../shared/query-state/query-state';
import { useSaveBillingContacts } from '../api/users';
import * as styles from './users.css';

/** Who invoices are addressed to and who gets a copy: the customer record's att_name, att_email and billing_email_cc. */
export function BillingContactsCard({ customerId }: { customerId: string }) {
  const { t } = useLingui();
  const billing = useQuery(billingQueryOptions(customerId));
  return (
    <Card title={<Trans>Billing contacts</Trans>}>
      {billing.isPending ? (
        <Skeleton height="180px" />
      ) : billing.isError ? (
        <FailedState inline title={t`Could not load the billing contacts`} query={billing} />
      ) : (
        <BillingContactsForm key={billing.dataUpdatedAt} customerId={customerId} record={billing.data} />
      )}
    </Card>
  );
}

function BillingContactsForm({ customerId, record }: { customerId: string; record: BillingRecord }) {
  const { t } = useLingui();
  const save = useSaveBillingContacts(customerId);
  const { form, fields, pending } = useApiForm(
    BillingContacts,
    async (value) => {
      await save.mutateAsync(value);
      notify.success(t`Billing contacts saved`);
    },
    {
      id: `billing-contacts-${customerId}`,
      defaultValue: {
        att_name: record.att_name ?? '',
        att_email: record.att_email ?? '',
        billing_email_cc: record.billing_email_cc ?? '',
      },
    },
  );
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <p className={styles.intro}>
        <Trans>Invoices are addressed to this person; the copy address gets every invoice too.</Trans>
      </p>
      <TextInput label={<Trans>Invoices addressed to</Trans>} {...fieldProps(fields.att_name)} required />
      <TextInput label={<Trans>Their email</Trans>} type="email" {...fieldProps(fields.att_email)} required />
      <TextInput
        label={<Trans>Copy invoices to (optional)</Trans>}
        type="email"
        {...fieldProps(fields.billing_email_cc)}
      />
      {form.errors && <p className={styles.formError}>{form.errors.join(' ')}</p>}
      <div className={styles.formActions}>
        <Button type="submit" loading={pending}>
          <Trans>Save billing contacts</Trans>
        </Button>
      </div>
    </form>
  );
}
