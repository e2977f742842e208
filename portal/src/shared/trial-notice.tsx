import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { SessionData } from '@tidewatch/contract';
import { trialReminderFrom } from '@tidewatch/domain';
import { Banner, buttonClass } from '@tidewatch/ui';
import { CalendarClock } from 'lucide-react';
import { formatDate } from '../lib/format';
import { usePlanName } from './labels/plan-label';

/**
 * Recalls a sign-up trial in its last week to those who choose plans: when it ends, what
 * happens then, and the way to the plans page (the mail says the same once).
 */
export function TrialNotice({
  trial,
  now = new Date(),
}: {
  trial: SessionData['customer']['trial'];
  now?: Date;
}) {
  if (!trial) return null;
  const ends = new Date(trial.ends);
  if (now < trialReminderFrom(ends) || now >= ends) return null;
  return (
    <Banner
      tone="info"
      role="status"
      icon={<CalendarClock size={20} aria-hidden="true" />}
      action={
        <Link to="/customer/plans" search={{}} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <Trans>Choose plans</Trans>
        </Link>
      }
    >
      <TrialEnds trial={trial} />
    </Banner>
  );
}

/** When the trial ends and what happens then: the plan chosen at sign-up, or the end of support. */
export function TrialEnds({ trial }: { trial: NonNullable<SessionData['customer']['trial']> }) {
  const { i18n } = useLingui();
  const planName = usePlanName();
  const date = formatDate(trial.ends, i18n.locale);
  const plan = planName(trial.plan);
  const next = planName(trial.converts_to);
  return trial.converts_to ? (
    <Trans>
      Your {plan} trial ends on {date}. Your servers and clusters then move to {next}, the plan you chose at
      sign-up.
    </Trans>
  ) : (
    <Trans>
      Your {plan} trial ends on {date}. Choose a plan for each server before then, or alert handling and
      consultation stop.
    </Trans>
  );
}
