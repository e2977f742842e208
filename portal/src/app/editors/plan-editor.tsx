import { Trans, useLingui } from '@lingui/react/macro';
import { plans } from '@tidewatch/content';
import type { Plan } from '@tidewatch/contract';
import { Button, Select } from '@tidewatch/ui';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import * as styles from './editors.css';
import type { InfrastructureUpdate } from './infrastructure-update';

const NONE = 'none';

/** Choose a server's or a cluster's plan; nothing changes until it is saved. */
export function PlanEditor({ saved, update }: { saved: Plan | null; update: InfrastructureUpdate }) {
  const { t } = useLingui();
  const [plan, setPlan] = useState<string>(saved ?? NONE);
  const current = saved ?? NONE;

  return (
    <form
      className={styles.inlineForm}
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { plan: plan === NONE ? null : (plan as Plan) },
          {
            onSuccess: () => notify.success(t`Plan saved`),
            onError: (error) => notify.error(t`The plan could not be saved`, error.message),
          },
        );
      }}
    >
      <Select
        label={t`Plan`}
        hint={t`Upgrades apply at once; downgrades from the start of next month.`}
        value={plan}
        onChange={(event) => setPlan(event.target.value)}
      >
        {plans.plans.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.name}
          </option>
        ))}
        <option value={NONE}>{t`Unmanaged`}</option>
      </Select>
      <Button type="submit" size="sm" disabled={plan === current} loading={update.isPending}>
        <Trans>Save plan</Trans>
      </Button>
    </form>
  );
}
