import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic';
import { trialEndedMail, trialEndingMail } from '../mail';
import { claimTrialReminders, openMissingPlanPeriods } from './repository';
import { applyDuePlanChanges, endDueTrials } from './service';

/** How often due plan changes and trial ends are looked for: a change is at most this late. */
export const PLAN_JOB_EVERY_MS = 5 * 60_000;

/**
 * One run of the plan job: reminds customers a week before their trial ends, applies due
 * downgrades and cancellations, ends due trials (mailing each customer once each time), and opens periods for plans that have none. Every step claims its rows,
 * so a second run, or another replica's, changes nothing more.
 */
export async function runPlanJob(app: FastifyInstance, now: Date, publicUrl: string) {
  const plansUrl = `${publicUrl}/customer/plans`;
  const reminded = await claimTrialReminders(app.db, now);
  await app.mailer.queue(
    reminded.flatMap((trial) =>
      trial.to
        ? [
            trialEndingMail(trial.language, {
              to: trial.to,
              company: trial.companyName,
              plan: trial.plan,
              endsAt: trial.endsAt,
              timezone: trial.timezone,
              convertsTo: trial.convertsTo,
              plansUrl,
            }),
          ]
        : [],
    ),
    app.log,
  );
  const applied = await applyDuePlanChanges(app.db, now);
  const trials = await endDueTrials(app.db, now);
  await app.mailer.queue(
    trials.flatMap((trial) =>
      trial.to
        ? [
            trialEndedMail(trial.language, {
              to: trial.to,
              company: trial.companyName,
              plan: trial.plan,
              convertedTo: trial.convertedTo,
              plansUrl,
            }),
          ]
        : [],
    ),
    app.log,
  );
  await openMissingPlanPeriods(app.db, now);
  return { applied, trialsReminded: reminded.length, trialsEnded: trials.length };
}

/** Runs the plan job once the app is ready and then on an interval, until the app closes. */
export const planJob = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  runPeriodically(app, 'plan job', PLAN_JOB_EVERY_MS, () => runPlanJob(app, app.now(), options.publicUrl));
});
