import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { plans } from '@tidewatch/content';
import type { Plan, PlanTargetKind } from '@tidewatch/contract';
import { planChangeEffectiveAt, planChangeKind } from '@tidewatch/domain';
import { Button, ConfirmDialog, Select } from '@tidewatch/ui';
import { useState } from 'react';
import { formatDate } from '../../lib/format';
import { planSummaryQueryOptions, useChangePlan } from '../../lib/plans';
import { usePlanName } from '../labels/plan-label';
import * as styles from './editors.css';

const NONE = 'none';

/**
 * Choose a server's or a cluster's plan; the confirmation says when the change takes effect
 * (an upgrade at once, a downgrade or cancellation at the start of next month).
 */
export function PlanEditor({
  customerId,
  kind,
  certname,
  name,
  saved,
}: {
  customerId: string;
  kind: PlanTargetKind;
  certname: string;
  name: string;
  saved: Plan | null;
}) {
  const { t, i18n } = useLingui();
  const planName = usePlanName();
  const [plan, setPlan] = useState<string>(saved ?? NONE);
  const [asking, setAsking] = useState(false);
  const summary = useQuery(planSummaryQueryOptions(customerId, { certname }));
  const pending =
    summary.data?.data.find((item) => item.kind === kind && item.certname === certname)?.pending ?? null;
  const change = useChangePlan(customerId);
  const wanted = plan === NONE ? null : (plan as Plan);
  const changeKind = planChangeKind(saved, wanted);
  const effective =
    changeKind === 'unchanged'
      ? null
      : formatDate(planChangeEffectiveAt(changeKind, new Date()).toISOString(), i18n.locale);
  const wantedName = planName(wanted);
  const pendingDate = pending && formatDate(pending.effective_at, i18n.locale);
  const pendingName = pending && planName(pending.plan);

  return (
    <>
      <form
        className={styles.inlineForm}
        onSubmit={(event) => {
          event.preventDefault();
          setAsking(true);
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
        <Button type="submit" size="sm" disabled={changeKind === 'unchanged' && !pending}>
          <Trans>Save plan</Trans>
        </Button>
      </form>
      {pending && (
        <p className={styles.muted}>
          {pending.plan ? (
            <Trans>
              Changes to {pendingName} on {pendingDate}.
            </Trans>
          ) : (
            <Trans>Support ends on {pendingDate}.</Trans>
          )}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={
          changeKind === 'upgrade' ? (
            <Trans>
              Upgrade {name} to {wantedName}?
            </Trans>
          ) : changeKind === 'downgrade' ? (
            <Trans>
              Downgrade {name} to {wantedName}?
            </Trans>
          ) : changeKind === 'cancellation' ? (
            <Trans>Cancel support for {name}?</Trans>
          ) : (
            <Trans>Keep {wantedName}?</Trans>
          )
        }
        description={
          changeKind === 'upgrade' ? (
            <Trans>It takes effect at once; the rest of this month is prorated on the next invoice.</Trans>
          ) : changeKind === 'downgrade' ? (
            <Trans>
              It takes effect on {effective}, the start of next month. This month is not refunded.
            </Trans>
          ) : changeKind === 'cancellation' ? (
            <Trans>
              Support ends on {effective}, at the end of this period, and is not refunded. What is installed
              stays, but alert handling and consultation stop.
            </Trans>
          ) : (
            <Trans>The change waiting for {pendingDate} is withdrawn.</Trans>
          )
        }
        confirmLabel={
          changeKind === 'cancellation' ? <Trans>Cancel support</Trans> : <Trans>Change plan</Trans>
        }
        cancelLabel={<Trans>Keep as it is</Trans>}
        destructive={changeKind === 'cancellation'}
        pending={change.isPending}
        onConfirm={() =>
          change.mutate({ kind, certname, plan: wanted }, { onSettled: () => setAsking(false) })
        }
      />
    </>
  );
}
