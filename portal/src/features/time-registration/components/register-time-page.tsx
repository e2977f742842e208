import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type CustomerRecord, type Product, TimeEntryForm } from '@tidewatch/contract';
import {
  customerShortName,
  type EndChoice,
  endChoices,
  endMinuteOfDay,
  formatDuration,
  formatTimeOfDay,
  MINUTES_PER_DAY,
  startSlots,
  todayIn,
} from '@tidewatch/domain';
import { Button, Checkbox, fieldProps, Select, TextArea, TextInput } from '@tidewatch/ui';
import { SearchableSelect } from '@tidewatch/ui/combobox';
import { useEffect, useRef, useState } from 'react';
import { customersQueryOptions } from '../../../lib/customers';
import { formatDate } from '../../../lib/format';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { FailedState, LoadingState, together } from '../../../shared/query-state/query-state';
import { hourlyProductsQueryOptions, useSaveEntry } from '../api/time-registration';
import { useTimeRegistrationDraft } from '../hooks/use-time-registration-draft';
import { localTimeZone } from '../months';
import { DayEntries } from './day-entries';
import { ProductOptions } from './product-options';
import * as styles from './time.css';

/** The day's last quarter-hour start: a following entry starts no later. */
const LAST_START = MINUTES_PER_DAY - 15;

/** What the form starts from when nothing was typed yet: today, 08:00, an hour, billable ordinary work. */
const freshValues = (): Record<string, string> => ({
  date: todayIn(new Date(), localTimeZone()),
  start_minute: String(8 * 60),
  minutes: '60',
  kind: 'ordinary',
  billable: 'on',
});

/** Register time (spec section 2): the form keeps what was typed across reloads and local-storage resets. */
export function RegisterTimePage() {
  const { t } = useLingui();
  const customers = useQuery(customersQueryOptions());
  const products = useQuery(hourlyProductsQueryOptions());
  if (customers.error && !customers.data)
    return <FailedState title={t`Could not load the customers`} query={together(customers, products)} />;
  if (products.error && !products.data)
    return <FailedState title={t`Could not load the products`} query={products} />;
  if (!customers.data || !products.data) return <LoadingState lines={6} />;
  return <RegisterTimeForm customers={customers.data} products={products.data} />;
}

function RegisterTimeForm({ customers, products }: { customers: CustomerRecord[]; products: Product[] }) {
  const { t, i18n } = useLingui();
  const { values, setValues, editingEntryId, setEditing } = useTimeRegistrationDraft();
  // A new key starts the form again from the stored values (after saving, or cancelling an edit).
  const [generation, setGeneration] = useState(0);
  const save = useSaveEntry();
  const start = { ...freshValues(), ...values };

  const restart = (next: Record<string, string>) => {
    setValues(next);
    setEditing(null);
    setGeneration((value) => value + 1);
  };

  return (
    <div className={styles.stack}>
      <EntryForm
        key={`${generation}-${editingEntryId ?? 'new'}`}
        formId={`register-time-${generation}`}
        customers={customers}
        products={products}
        initial={start}
        editing={editingEntryId !== null}
        onChange={setValues}
        onCancelEdit={() => restart({ ...freshValues(), customer_id: start.customer_id ?? '' })}
        onSubmit={async (entry) => {
          const saved = await save.mutateAsync({ entryId: editingEntryId, entry });
          notify.success(
            editingEntryId
              ? t`Entry saved`
              : t`Registered ${formatDuration(saved.minutes)} on ${formatDate(saved.date, i18n.locale)}`,
          );
          // The next entry most often follows this one: same day, customer and product, starting where
          // the clocks showed it ended (on a clock-change night, not start plus minutes).
          const zone =
            customers.find((customer) => customer.id === saved.customer_id)?.timezone ?? localTimeZone();
          const end = Math.min(
            endMinuteOfDay(saved.date, saved.start_minute, saved.minutes, zone) ?? LAST_START,
            LAST_START,
          );
          restart({
            ...freshValues(),
            date: saved.date,
            customer_id: saved.customer_id,
            product_id: saved.product_id,
            start_minute: String(end - (end % 15)),
            kind: saved.kind,
          });
        }}
      />
      <DayEntries date={start.date || todayIn(new Date(), localTimeZone())} customers={customers} />
    </div>
  );
}

function EntryForm({
  formId,
  customers,
  products,
  initial,
  editing,
  onChange,
  onCancelEdit,
  onSubmit,
}: {
  formId: string;
  customers: CustomerRecord[];
  products: Product[];
  initial: Record<string, string>;
  editing: boolean;
  onChange(values: Record<string, string>): void;
  onCancelEdit(): void;
  onSubmit(entry: ReturnType<typeof TimeEntryForm.parse>): Promise<void>;
}) {
  const { t } = useLingui();
  const { form, fields, pending } = useApiForm(TimeEntryForm, onSubmit, {
    id: formId,
    defaultValue: initial as never,
  });
  const formElement = useRef<HTMLFormElement>(null);
  const keep = () => {
    const element = formElement.current;
    if (element)
      onChange(Object.fromEntries([...new FormData(element)].map(([key, value]) => [key, String(value)])));
  };
  // The customer picker writes a hidden input, which fires no input event: keep its choice once rendered.
  const [customerId, setCustomerId] = useState(initial.customer_id);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the chosen customer is in the form
  useEffect(keep, [customerId]);
  const startMinute = Number(fields.start_minute.value ?? initial.start_minute ?? 0);
  const customer = customers.find((candidate) => candidate.id === customerId);
  // Times as they exist in the customer's zone that day: the clocks may skip or repeat an hour.
  const date = fields.date.value || initial.date || todayIn(new Date(), localTimeZone());
  const zone = customer?.timezone ?? localTimeZone();
  const endOptions = endChoices(date, startMinute, zone).filter(
    // The contract ends an entry by midnight as start plus minutes.
    (choice) => startMinute + choice.minutes <= MINUTES_PER_DAY,
  );
  const endLabel = (choice: EndChoice) => {
    const time = formatTimeOfDay(choice.minuteOfDay);
    if (choice.round === 'first') return t`${time} (before the clocks go back)`;
    if (choice.round === 'second') return t`${time} (after the clocks go back)`;
    return time;
  };

  return (
    <form
      id={form.id}
      onSubmit={form.onSubmit}
      ref={formElement}
      onInput={keep}
      onChange={keep}
      noValidate
      className={styles.form}
      aria-label={editing ? t`Change the entry` : t`Register time`}
    >
      <TextInput
        label={<Trans>Date</Trans>}
        type="date"
        max={todayIn(new Date(), localTimeZone())}
        {...fieldProps(fields.date)}
        required
      />
      <SearchableSelect
        label={<Trans>Customer</Trans>}
        {...fieldProps(fields.customer_id)}
        onChange={setCustomerId}
        required
        options={customers.map((option) => ({
          value: option.id,
          label: `${customerShortName(option.company_name)} · ${option.company_name}`,
        }))}
        placeholder={t`Choose a customer`}
        searchLabel={t`Search customers`}
        noMatches={t`No customer matches`}
      />
      <Select
        label={<Trans>Start</Trans>}
        hint={
          customer ? (
            <Trans>
              In {customer.company_name}’s time zone ({customer.timezone})
            </Trans>
          ) : undefined
        }
        {...fieldProps(fields.start_minute)}
        required
      >
        {startSlots(date, zone).map((minute) => (
          <option key={minute} value={minute}>
            {formatTimeOfDay(minute)}
          </option>
        ))}
      </Select>
      <TextInput
        label={<Trans>Duration in minutes</Trans>}
        hint={<Trans>Or choose the end time below.</Trans>}
        type="number"
        inputMode="numeric"
        min={1}
        max={1440}
        step={1}
        {...fieldProps(fields.minutes)}
        required
      />
      <Select
        label={<Trans>End</Trans>}
        value=""
        onChange={(event) => {
          if (!event.currentTarget.value) return;
          form.update({ name: fields.minutes.name, value: event.currentTarget.value });
          setTimeout(keep);
        }}
      >
        <option value="">{t`Choose an end time`}</option>
        {endOptions.map((choice) => (
          <option key={choice.minutes} value={choice.minutes}>
            {endLabel(choice)}
          </option>
        ))}
      </Select>
      <Select label={<Trans>Product</Trans>} {...fieldProps(fields.product_id)} required>
        <ProductOptions products={products} />
      </Select>
      <Select label={<Trans>Kind of work</Trans>} {...fieldProps(fields.kind)} required>
        <option value="ordinary">{t`Ordinary work`}</option>
        <option value="alert">{t`Alert handling`}</option>
      </Select>
      <TextInput
        label={<Trans>Ticket reference</Trans>}
        {...fieldProps(fields.ticket_ref)}
        autoComplete="off"
      />
      <div className={styles.wide}>
        <TextArea label={<Trans>Description</Trans>} rows={3} {...fieldProps(fields.description)} required />
      </div>
      <div className={styles.wide}>
        <Checkbox
          label={<Trans>Billable</Trans>}
          name={fields.billable.name}
          id={fields.billable.id}
          defaultChecked={fields.billable.initialValue === 'on'}
        />
      </div>
      {form.errors && <p className={styles.formError}>{form.errors.join(' ')}</p>}
      <div className={styles.formActions}>
        {editing && (
          <Button variant="secondary" onClick={onCancelEdit}>
            <Trans>Cancel the change</Trans>
          </Button>
        )}
        <Button type="submit" loading={pending}>
          {editing ? <Trans>Save the entry</Trans> : <Trans>Register time</Trans>}
        </Button>
      </div>
    </form>
  );
}
