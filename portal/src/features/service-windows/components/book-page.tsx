import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button, Checkbox, Select, TextArea, TextInput } from '@tidewatch/ui';
import { useState } from 'react';
import { customersQueryOptions } from '../../../lib/customers';
import { notify } from '../../../lib/notify';
import { FailedState, LoadingState, together } from '../../../shared/query-state/query-state';
import { configurationsQueryOptions, submissionErrors, useBook } from '../api/service-windows';
import * as styles from './service-windows.css';
import { WindowTimeFields } from './time-fields';

/** /admin/service-window/book: staff book an ad-hoc window for a group, or some of its machines. */
export function BookPage({ customerId }: { customerId: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const groups = useQuery(configurationsQueryOptions(customerId));
  const customers = useQuery(customersQueryOptions());
  const book = useBook(customerId);
  const [tagId, setTagId] = useState('');
  const [certnames, setCertnames] = useState<string[]>([]);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('02:00');
  const [duration, setDuration] = useState(60);
  const [timezone, setTimezone] = useState('');
  const [reboot, setReboot] = useState(false);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  if (groups.isPending || customers.isPending) return <LoadingState lines={6} />;
  if (groups.isError)
    return <FailedState title={t`Could not load the update groups`} query={together(groups, customers)} />;
  if (customers.isError) return <FailedState title={t`Could not load the customers`} query={customers} />;
  const customer = customers.data.find((item) => item.id === customerId);
  const group = groups.data.find((item) => item.group.id === tagId);
  const members = group ? [...group.members.servers, ...group.members.clusters] : [];
  // Until staff choose one, the zone is the group's, else the customer's own.
  const zone = timezone || group?.group.timezone || customer?.timezone || 'UTC';
  return (
    <form
      className={styles.bookForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        book.mutate(
          {
            tag_id: tagId || undefined,
            certnames,
            starts_at_local: `${date}T${time}`,
            timezone: zone,
            duration_minutes: duration,
            reboot_allowed: reboot,
            note,
          },
          {
            onSuccess: () => {
              notify.success(t`Window booked`);
              void navigate({ to: '/customer/service-window/$section', params: { section: 'bookings' } });
            },
            onError: (error) => setErrors(submissionErrors(error)),
          },
        );
      }}
    >
      <Select
        label={<Trans>Update group</Trans>}
        value={tagId}
        onChange={(event) => {
          setTagId(event.target.value);
          setCertnames([]);
        }}
        errors={errors.tag_id}
        required
      >
        <option value="">{t`Choose an update group`}</option>
        {groups.data.map((item) => (
          <option key={item.group.id} value={item.group.id}>
            {item.group.name}
          </option>
        ))}
      </Select>
      {group && (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>
            <Trans>Servers and clusters</Trans>
          </legend>
          <p className={styles.muted}>
            <Trans>Choose none for every member of the group.</Trans>
          </p>
          {members.map((certname) => (
            <Checkbox
              key={certname}
              label={<span className={styles.mono}>{certname}</span>}
              checked={certnames.includes(certname)}
              onChange={(event) =>
                setCertnames(
                  event.target.checked
                    ? [...certnames, certname]
                    : certnames.filter((chosen) => chosen !== certname),
                )
              }
            />
          ))}
          {errors.certnames && <p className={styles.formError}>{errors.certnames.join(' ')}</p>}
        </fieldset>
      )}
      <div className={styles.grid}>
        <TextInput
          label={<Trans>Date</Trans>}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          errors={errors.starts_at_local}
          required
        />
        <WindowTimeFields
          start={{ value: time, onChange: setTime }}
          duration={{ value: duration, onChange: setDuration, errors: errors.duration_minutes }}
          timezone={{ value: zone, onChange: setTimezone, errors: errors.timezone }}
        />
      </div>
      <Checkbox
        label={<Trans>Reboot allowed</Trans>}
        checked={reboot}
        onChange={(event) => setReboot(event.target.checked)}
      />
      <TextArea
        label={<Trans>Note</Trans>}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={2000}
      />
      {errors.form && <p className={styles.formError}>{errors.form.join(' ')}</p>}
      <div className={styles.formActions}>
        <Button type="submit" loading={book.isPending}>
          <Trans>Book window</Trans>
        </Button>
      </div>
    </form>
  );
}
