import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { planName } from '@tidewatch/content';
import { CreateCustomerBody, type CustomerRecord, INVOICING_BOUNDS, PLAN_IDS } from '@tidewatch/contract';
import { WELCOME_LINK_VALID_MINUTES } from '@tidewatch/domain';
import { LANGUAGE_NAMES, USER_LANGUAGES } from '@tidewatch/i18n';
import { Button, buttonClass, Card, fieldProps, Select, TextArea, TextInput } from '@tidewatch/ui';
import { useState } from 'react';
import { useFormDraft } from '../../../lib/form-draft';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { CountrySelect, TimeZoneSelect } from '../../../shared/fields/place-selects';
import { useCreateCustomer } from '../api/create-customer';
import * as styles from './create-customer.css';

/** /admin/create-customer: the form, then what was made and where the invitation went. */
export function CreateCustomerPage() {
  const [created, setCreated] = useState<{ customer: CustomerRecord; invited: string } | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (created)
    return (
      <CustomerCreated
        {...created}
        onAnother={() => {
          setCreated(null);
          setFormKey((key) => key + 1);
        }}
      />
    );
  return <CreateCustomerForm key={formKey} onCreated={setCreated} />;
}

function CreateCustomerForm({
  onCreated,
}: {
  onCreated(result: { customer: CustomerRecord; invited: string }): void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const locale = i18n.locale === 'da' ? 'da' : 'en';
  const create = useCreateCustomer();
  const draft = useFormDraft('create-customer');
  const { form, fields, pending } = useApiForm(
    CreateCustomerBody,
    async (value) => {
      const customer = await create.mutateAsync(value);
      draft.clear();
      notify.success(t`Customer “${customer.company_name}” created`);
      onCreated({ customer, invited: value.user_email });
    },
    {
      id: 'create-customer',
      defaultValue: {
        plan: 'silver',
        country: 'DK',
        timezone: 'Europe/Copenhagen',
        billing_language: locale,
        user_language: locale,
        invoice_day_of_month: 1,
        credit_days: 14,
        ...draft.initial,
      },
    },
  );
  const { invoiceDay, creditDays, expenseCeilingEur } = INVOICING_BOUNDS;

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form} {...draft.formProps}>
      <p className={styles.intro}>
        <Trans>
          The customer starts on the chosen plan at once, without a trial. Its first user manages the
          customer's users and gets a mail with a link to choose a password.
        </Trans>
      </p>
      <Card title={<Trans>Company</Trans>}>
        <div className={styles.fields}>
          <TextInput
            label={<Trans>Company name</Trans>}
            {...fieldProps(fields.company_name)}
            required
            autoComplete="off"
          />
          <TextInput
            label={<Trans>Customer id</Trans>}
            hint={
              <Trans>
                Optional: 6 to 10 lowercase letters and digits. Left empty, one is made from the name.
              </Trans>
            }
            {...fieldProps(fields.id)}
            autoComplete="off"
            spellCheck={false}
          />
          <Select label={<Trans>Plan</Trans>} {...fieldProps(fields.plan)} required>
            {PLAN_IDS.map((plan) => (
              <option key={plan} value={plan}>
                {planName(plan)}
              </option>
            ))}
          </Select>
          <CountrySelect label={<Trans>Country</Trans>} {...fieldProps(fields.country)} required />
          <TimeZoneSelect
            label={<Trans>Time zone</Trans>}
            hint={<Trans>Business hours and service windows follow it.</Trans>}
            {...fieldProps(fields.timezone)}
            required
          />
          <TextInput
            label={<Trans>Alert email</Trans>}
            hint={<Trans>Alerts go here: use an address someone watches around the clock.</Trans>}
            type="email"
            {...fieldProps(fields.alert_email)}
            required
            autoComplete="off"
          />
        </div>
      </Card>
      <Card title={<Trans>Billing</Trans>}>
        <div className={styles.fields}>
          <TextArea
            label={<Trans>Billing address</Trans>}
            {...fieldProps(fields.billing_address)}
            required
            rows={3}
          />
          <TextInput
            label={<Trans>Billing email</Trans>}
            hint={<Trans>Invoices go here: use a reliable, monitored address.</Trans>}
            type="email"
            {...fieldProps(fields.billing_email)}
            required
            autoComplete="off"
          />
          <TextInput
            label={<Trans>Billing email CC</Trans>}
            hint={<Trans>Optional.</Trans>}
            type="email"
            {...fieldProps(fields.billing_email_cc)}
            autoComplete="off"
          />
          <TextInput
            label={<Trans>VAT number</Trans>}
            hint={<Trans>Optional. The VAT rate follows the country and the number.</Trans>}
            {...fieldProps(fields.vat_id)}
            autoComplete="off"
          />
          <Select label={<Trans>Invoice language</Trans>} {...fieldProps(fields.billing_language)} required>
            {USER_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </Select>
          <TextInput
            label={<Trans>Invoice day of the month</Trans>}
            type="number"
            inputMode="numeric"
            min={invoiceDay.min}
            max={invoiceDay.max}
            {...fieldProps(fields.invoice_day_of_month)}
            required
          />
          <TextInput
            label={<Trans>Credit days</Trans>}
            hint={<Trans>Days from the invoice to its due date.</Trans>}
            type="number"
            inputMode="numeric"
            min={creditDays.min}
            max={creditDays.max}
            {...fieldProps(fields.credit_days)}
            required
          />
          <TextInput
            label={<Trans>Expense ceiling (EUR a month)</Trans>}
            hint={<Trans>Optional. Ordinary work past it needs the customer's approval first.</Trans>}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={expenseCeilingEur.min}
            max={expenseCeilingEur.max}
            {...fieldProps(fields.expense_ceiling_eur)}
          />
        </div>
      </Card>
      <Card title={<Trans>First user</Trans>}>
        <div className={styles.fields}>
          <TextInput
            label={<Trans>Name</Trans>}
            {...fieldProps(fields.user_name)}
            required
            autoComplete="off"
          />
          <TextInput
            label={<Trans>Email</Trans>}
            type="email"
            {...fieldProps(fields.user_email)}
            required
            autoComplete="off"
          />
          <Select
            label={<Trans>Language</Trans>}
            hint={<Trans>Of the invitation and the portal.</Trans>}
            {...fieldProps(fields.user_language)}
            required
          >
            {USER_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </Select>
        </div>
      </Card>
      {form.errors && (
        <p className={styles.formError} role="alert">
          {form.errors.join(' ')}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" loading={pending}>
          <Trans>Create customer and invite</Trans>
        </Button>
      </div>
    </form>
  );
}

function CustomerCreated({
  customer,
  invited,
  onAnother,
}: {
  customer: CustomerRecord;
  invited: string;
  onAnother(): void;
}) {
  const hours = WELCOME_LINK_VALID_MINUTES / 60;
  return (
    <Card title={<Trans>Customer “{customer.company_name}” created</Trans>}>
      <div className={styles.summary} role="status">
        <p>
          <Trans>
            Its id is <span className={styles.mono}>{customer.id}</span>. We mailed {invited} a link to choose
            a password; it works once, within {hours} hours.
          </Trans>
        </p>
        <div className={styles.actions}>
          <Link
            to="/admin/impersonate"
            search={{ customer: customer.id }}
            className={buttonClass({ variant: 'secondary' })}
          >
            <Trans>Open in Impersonate</Trans>
          </Link>
          <Button variant="ghost" onClick={onAnother}>
            <Trans>Create another customer</Trans>
          </Button>
        </div>
      </div>
    </Card>
  );
}
