import { consultationRates } from '@tidewatch/content';
import type { CustomerSummary, TimeSummary } from '@tidewatch/contract';
import { billConsultation } from '@tidewatch/domain';
import type { Database } from '../../db/client';
import { billableEntriesOfMonth, customerPlans } from './repository';

/**
 * Per customer, a month's approved billable minutes by level and what they bill: the hours summary
 * staff read, and the monthly service report's consultation (decision 0104).
 */
export async function monthSummary(db: Database, month: string, now: Date): Promise<TimeSummary> {
  const rows = await billableEntriesOfMonth(db, month);
  const customerIds = [...new Set(rows.map((row) => row.entry.customerId))];
  const plans = await customerPlans(db, customerIds, now);
  const summaries = customerIds.map((customerId): CustomerSummary => {
    const ofCustomer = rows.filter((row) => row.entry.customerId === customerId);
    const approved = ofCustomer.filter((row) => row.status === 'approved');
    const plan = plans.get(customerId) ?? null;
    const bill = billConsultation(
      approved.map(({ entry, level, rate }) => ({
        date: entry.date,
        startMinute: entry.startMinute,
        minutes: entry.minutes,
        level: level ?? 1,
        hourlyRateEur: rate,
      })),
      { plan, nonSubscriberSurchargePercent: consultationRates.nonSubscriberSurchargePercent },
    );
    const [first] = ofCustomer;
    return {
      customer_id: customerId,
      company_name: first?.companyName ?? customerId,
      timezone: first?.timezone ?? 'UTC',
      plan,
      levels: bill.levels.map((level) => ({
        level: level.level,
        worked_minutes: level.workedMinutes,
        billed_minutes: level.billedMinutes,
        business_minutes: level.businessMinutes,
        outside_minutes: level.outsideMinutes,
        free_minutes: level.freeMinutes,
        charged_minutes: level.chargedMinutes,
        amount_eur: level.amountEur,
      })),
      free_minutes_included: bill.freeMinutesIncluded,
      free_minutes_used: bill.freeMinutesUsed,
      total_eur: bill.totalEur,
      unapproved_minutes: ofCustomer
        .filter((row) => row.status !== 'approved')
        .reduce((total, row) => total + row.entry.minutes, 0),
    };
  });
  const total = summaries.reduce((sum, customer) => sum + Math.round(customer.total_eur * 100), 0) / 100;
  return { month, customers: summaries, total_eur: total };
}
