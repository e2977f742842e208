import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ServiceWindow } from '@tidewatch/contract';
import { Button, Checkbox, Dialog, TextArea } from '@tidewatch/ui';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { submissionErrors, useRequestExemption } from '../api/service-windows';
import { windowSpan } from './labels';
import * as styles from './service-windows.css';

/** Asks to skip a scheduled window for some or all of its targets, with a reason staff read. */
export function ExemptionDialog({
  customerId,
  window,
  onClose,
}: {
  customerId: string;
  window: ServiceWindow | null;
  onClose(): void;
}) {
  const { i18n } = useLinguiCore();
  return (
    <Dialog
      open={window !== null}
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Ask to skip a window</Trans>}
      description={window ? windowSpan(window.starts_at, window.ends_at, i18n.locale) : undefined}
    >
      {window && <ExemptionForm key={window.id} customerId={customerId} window={window} onDone={onClose} />}
    </Dialog>
  );
}

function ExemptionForm({
  customerId,
  window,
  onDone,
}: {
  customerId: string;
  window: ServiceWindow;
  onDone(): void;
}) {
  const { t } = useLingui();
  const request = useRequestExemption(customerId);
  const targets = window.targets.filter((target) => !target.exempted);
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        request.mutate(
          { windowId: window.id, certnames: chosen, reason },
          {
            onSuccess: () => {
              notify.success(t`Exemption requested`);
              onDone();
            },
            onError: (error) => setErrors(submissionErrors(error)),
          },
        );
      }}
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <Trans>Skip it for</Trans>
        </legend>
        <p className={styles.muted}>
          <Trans>Choose none to skip the window for every server and cluster in it.</Trans>
        </p>
        {targets.map((target) => (
          <Checkbox
            key={target.certname}
            label={<span className={styles.mono}>{target.certname}</span>}
            checked={chosen.includes(target.certname)}
            onChange={(event) =>
              setChosen(
                event.target.checked
                  ? [...chosen, target.certname]
                  : chosen.filter((certname) => certname !== target.certname),
              )
            }
          />
        ))}
        {errors.certnames && <p className={styles.formError}>{errors.certnames.join(' ')}</p>}
      </fieldset>
      <TextArea
        label={<Trans>Reason</Trans>}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        errors={errors.reason}
        required
        maxLength={2000}
      />
      {errors.form && <p className={styles.formError}>{errors.form.join(' ')}</p>}
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={request.isPending}>
          <Trans>Ask to skip</Trans>
        </Button>
      </div>
    </form>
  );
}
