import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { WindowSettings } from '@tidewatch/contract';
import { WEEKDAYS, type Weekday } from '@tidewatch/domain';
import { Button, Checkbox, Select, TextArea, TextInput } from '@tidewatch/ui';
import { type ReactNode, useState } from 'react';
import { submissionErrors } from '../api/service-windows';
import { APPLIES_TO, weekdayName } from './labels';
import * as styles from './service-windows.css';
import { WindowTimeFields } from './time-fields';

export const DEFAULT_SETTINGS = (timezone: string | null): WindowSettings => ({
  weekdays: [2],
  start: '02:00',
  duration_minutes: 120,
  timezone: timezone ?? 'UTC',
  reboot_allowed: false,
  applies_to: 'both',
  notice_minutes: 24 * 60,
});

type Errors = Record<string, string[] | undefined>;

/** A group's weekly window: weekdays, start on the quarter hour, duration, zone, reboots and notice. */
export function SettingsForm({
  initial,
  withNote,
  submitLabel,
  pending,
  onCancel,
  onSubmit,
}: {
  initial: WindowSettings;
  withNote: boolean;
  submitLabel: ReactNode;
  pending: boolean;
  onCancel(): void;
  /** Resolves with the server's field errors when it refused. */
  onSubmit(settings: WindowSettings, note: string): Promise<unknown>;
}) {
  const { i18n } = useLinguiCore();
  const [settings, setSettings] = useState(initial);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof WindowSettings>(key: K, value: WindowSettings[K]) =>
    setSettings({ ...settings, [key]: value });
  const fieldErrors = (name: string) => errors[name] ?? errors[`settings.${name}`];
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(settings, note).catch((error: unknown) => setErrors(submissionErrors(error)));
      }}
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Weekdays</Trans>
        </legend>
        <div className={styles.weekdays}>
          {WEEKDAYS.map((day) => (
            <Checkbox
              key={day}
              label={weekdayName(day, i18n.locale)}
              checked={settings.weekdays.includes(day)}
              onChange={(event) =>
                set(
                  'weekdays',
                  event.target.checked
                    ? ([...settings.weekdays, day].sort() as Weekday[])
                    : settings.weekdays.filter((chosen) => chosen !== day),
                )
              }
            />
          ))}
        </div>
        {fieldErrors('weekdays') && <p className={styles.formError}>{fieldErrors('weekdays')?.join(' ')}</p>}
      </fieldset>
      <div className={styles.grid}>
        <WindowTimeFields
          start={{
            value: settings.start,
            onChange: (start) => set('start', start),
            errors: fieldErrors('start'),
          }}
          duration={{
            value: settings.duration_minutes,
            onChange: (minutes) => set('duration_minutes', minutes),
            errors: fieldErrors('duration_minutes'),
          }}
          timezone={{
            value: settings.timezone,
            onChange: (zone) => set('timezone', zone),
            errors: fieldErrors('timezone'),
          }}
        />
        <Select
          label={<Trans>Applies to</Trans>}
          value={settings.applies_to}
          onChange={(event) => set('applies_to', event.target.value as WindowSettings['applies_to'])}
        >
          {(['both', 'servers', 'clusters'] as const).map((value) => (
            <option key={value} value={value}>
              {i18n._(APPLIES_TO[value])}
            </option>
          ))}
        </Select>
        <TextInput
          label={<Trans>Email notice (hours before)</Trans>}
          type="number"
          min={0}
          max={168}
          value={String(settings.notice_minutes / 60)}
          onChange={(event) => set('notice_minutes', Math.round(Number(event.target.value) * 4) * 15)}
          errors={fieldErrors('notice_minutes')}
          hint={<Trans>0 sends no notice.</Trans>}
        />
      </div>
      <Checkbox
        label={<Trans>Reboot allowed</Trans>}
        checked={settings.reboot_allowed}
        onChange={(event) => set('reboot_allowed', event.target.checked)}
      />
      {withNote && (
        <TextArea
          label={<Trans>Why the change</Trans>}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={2000}
        />
      )}
      {errors.form && <p className={styles.formError}>{errors.form.join(' ')}</p>}
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
