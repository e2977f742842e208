import { Trans, useLingui } from '@lingui/react/macro';
import { StaffLocationBody, type StaffMember } from '@tidewatch/contract';
import { Button, Dialog, fieldProps, TextInput } from '@tidewatch/ui';
import { useApiForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { CountrySelect, TimeZoneSelect } from '../../../shared/fields/place-selects';
import { useSetStaffLocation } from '../api/staff-locations';
import * as styles from './employee-map.css';

/** Where a staff member works: the place's name, its country, its coordinates and its time zone. */
export function LocationDialog({ person, onClose }: { person: StaffMember | null; onClose(): void }) {
  return (
    <Dialog
      open={person !== null}
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Where {person?.name} works</Trans>}
      description={
        <Trans>
          The office or city places the marker by its coordinates; the time zone gives the local time in the
          list.
        </Trans>
      }
    >
      {person && <LocationForm key={person.user_id} person={person} onDone={onClose} />}
    </Dialog>
  );
}

function LocationForm({ person, onDone }: { person: StaffMember; onDone(): void }) {
  const { t } = useLingui();
  const save = useSetStaffLocation();
  const { form, fields, pending } = useApiForm(
    StaffLocationBody,
    async (location) => {
      await save.mutateAsync({ userId: person.user_id, location });
      notify.success(t`${person.name} works in ${location.place}`);
      onDone();
    },
    {
      id: `location-${person.user_id}`,
      defaultValue: person.location ?? { timezone: 'Europe/Copenhagen', country: 'DK' },
    },
  );
  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className={styles.form}>
      <TextInput
        label={<Trans>Office or city</Trans>}
        {...fieldProps(fields.place)}
        required
        autoComplete="off"
      />
      <CountrySelect label={<Trans>Country</Trans>} {...fieldProps(fields.country)} required />
      <div className={styles.coordinates}>
        <TextInput
          label={<Trans>Latitude</Trans>}
          hint={<Trans>Degrees north; south is negative.</Trans>}
          type="number"
          inputMode="decimal"
          step="any"
          min={-90}
          max={90}
          {...fieldProps(fields.latitude)}
          required
        />
        <TextInput
          label={<Trans>Longitude</Trans>}
          hint={<Trans>Degrees east; west is negative.</Trans>}
          type="number"
          inputMode="decimal"
          step="any"
          min={-180}
          max={180}
          {...fieldProps(fields.longitude)}
          required
        />
      </div>
      <TimeZoneSelect label={<Trans>Time zone</Trans>} {...fieldProps(fields.timezone)} required />
      {form.errors && <p className={styles.formError}>{form.errors.join(' ')}</p>}
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={pending}>
          <Trans>Save place</Trans>
        </Button>
      </div>
    </form>
  );
}
