import { addMonths, format, getDaysInMonth, parseISO } from 'date-fns';
import type { ConsultationBill } from './consultation-billing';
import { EU_COUNTRIES } from './customers';
import { type PlanId, type PlanPrice, priceForUnits, type VolumeDiscount } from './pricing';
import type { InvoiceStatus, StoredInvoiceStatus } from './statuses';
import { daysOfMonth, shiftDate } from './time-registration';

/** Invoice and expense-ceiling arithmetic (issue 14, decision 0054). Money is in integer cents. */

/** A plan a server or cluster had over [from, until) (YYYY-MM-DD). */
export interface PlanPeriod {
  plan: PlanId;
  from: string;
  until: string;
}

/** A server (one unit) or a cluster (one unit per node) and its plans over the month. */
export interface BilledMachine {
  kind: 'server' | 'node';
  units: number;
  periods: readonly PlanPeriod[];
}

/** One plan over a run of days with unchanged unit counts. */
export interface SubscriptionLine {
  plan: PlanId;
  servers: number;
  nodes: number;
  from: string;
  /** Exclusive. */
  until: string;
  days: number;
  discountPercent: number;
  amountCents: number;
}

const toCents = (euros: number) => Math.round(euros * 100);

/**
 * The subscription lines of a month. Each day costs 1/days-in-month of the month's price for the
 * units on each plan that day (servers and nodes together reach the graduated discount steps), so
 * a mid-month upgrade bills the old plan up to the change and the new one from it.
 */
export function subscriptionLines(
  month: string,
  machines: readonly BilledMachine[],
  plans: readonly PlanPrice[],
  discounts: readonly VolumeDiscount[],
): SubscriptionLine[] {
  const days = daysOfMonth(month);
  const lines: SubscriptionLine[] = [];
  for (const plan of plans) {
    let open: (SubscriptionLine & { units: number }) | null = null;
    const close = () => {
      if (!open) return;
      const { units, ...line } = open;
      const price = priceForUnits(plan, units, discounts);
      lines.push({ ...line, amountCents: Math.round((toCents(price.monthly) * line.days) / days.length) });
      open = null;
    };
    for (const day of days) {
      let servers = 0;
      let nodes = 0;
      for (const machine of machines) {
        const on = machine.periods.some(
          (period) => period.plan === plan.id && period.from <= day && day < period.until,
        );
        if (!on) continue;
        if (machine.kind === 'server') servers += machine.units;
        else nodes += machine.units;
      }
      if (open && open.servers === servers && open.nodes === nodes) {
        open.days += 1;
        open.until = shiftDate(day, 1);
        continue;
      }
      close();
      if (servers + nodes === 0) continue;
      open = {
        plan: plan.id as PlanId,
        servers,
        nodes,
        units: servers + nodes,
        from: day,
        until: shiftDate(day, 1),
        days: 1,
        discountPercent: priceForUnits(plan, servers + nodes, discounts).discountPercent,
        amountCents: 0,
      };
    }
    close();
  }
  return lines;
}

export interface ConsultationLine {
  level: number;
  chargedMinutes: number;
  amountCents: number;
}

/**
 * The consultation lines of a month's bill, less what earlier invoices charged for the month per
 * level (decision 0054): hours approved after an invoice go on the next one. Levels with nothing
 * left to bill are left out.
 */
export function consultationLines(
  bill: ConsultationBill,
  invoiced: readonly ConsultationLine[] = [],
): ConsultationLine[] {
  const levels = [...new Set([...bill.levels, ...invoiced].map((line) => line.level))].sort((a, b) => a - b);
  return levels
    .map((level) => {
      const billed = bill.levels.find((line) => line.level === level);
      const before = invoiced.filter((line) => line.level === level);
      const sum = (pick: (line: ConsultationLine) => number) =>
        before.reduce((total, line) => total + pick(line), 0);
      return {
        level,
        chargedMinutes: (billed?.chargedMinutes ?? 0) - sum((line) => line.chargedMinutes),
        amountCents: toCents(billed?.amountEur ?? 0) - sum((line) => line.amountCents),
      };
    })
    .filter((line) => line.chargedMinutes !== 0 || line.amountCents !== 0);
}

export interface VatParty {
  country: string;
  vatId: string | null;
  vatRatePercent: number;
}

/** EU reverse charge: a business in another member state with a VAT number pays its own VAT. */
export const isReverseCharge = (customer: VatParty, homeCountry: string): boolean =>
  customer.country !== homeCountry &&
  EU_COUNTRIES.includes(customer.country) &&
  Boolean(customer.vatId?.trim());

export interface InvoiceTotals {
  subtotalCents: number;
  vatRatePercent: number;
  vatCents: number;
  totalCents: number;
  reverseCharge: boolean;
}

/** The VAT and totals of an invoice's lines: the customer's rate, or none under reverse charge. */
export function invoiceTotals(
  lineCents: readonly number[],
  customer: VatParty,
  homeCountry: string,
): InvoiceTotals {
  const subtotalCents = lineCents.reduce((sum, cents) => sum + cents, 0);
  const reverseCharge = isReverseCharge(customer, homeCountry);
  const vatRatePercent = reverseCharge ? 0 : customer.vatRatePercent;
  const vatCents = Math.round((subtotalCents * vatRatePercent) / 100);
  return { subtotalCents, vatRatePercent, vatCents, totalCents: subtotalCents + vatCents, reverseCharge };
}

/** The invoice number from the customer's serial: `<customer id>-<serial, 4 digits>`. */
export const invoiceNumber = (customerId: string, serial: number): string =>
  `${customerId.toUpperCase()}-${String(serial).padStart(4, '0')}`;

/** A credit note's number, in a series of its own per customer: `<customer id>-CN-<serial, 4 digits>`. */
export const creditNoteNumber = (customerId: string, serial: number): string =>
  `${customerId.toUpperCase()}-CN-${String(serial).padStart(4, '0')}`;

/** The date (YYYY-MM-DD) a month's invoice day falls on; a day past the month's end is its last day. */
export function invoiceDate(month: string, dayOfMonth: number): string {
  const last = getDaysInMonth(parseISO(`${month}-01`));
  return `${month}-${String(Math.min(dayOfMonth, last)).padStart(2, '0')}`;
}

/** An invoice written in a month bills the month before it (subscription in arrears, approved consultation). */
export const billedMonthOf = (invoiceMonth: string): string =>
  format(addMonths(parseISO(`${invoiceMonth}-01`), -1), 'yyyy-MM');

export const dueDate = (issueDate: string, creditDays: number): string => shiftDate(issueDate, creditDays);

/** The status shown: an issued invoice not paid by its due date is overdue. */
export const effectiveStatus = (stored: StoredInvoiceStatus, due: string, today: string): InvoiceStatus =>
  stored === 'issued' && today > due ? 'overdue' : stored;

export const CEILING_LEVELS = { soft: 80, hard: 100 } as const;
export type CeilingLevel = 'under' | 'soft' | 'hard';

export interface CeilingState {
  spentCents: number;
  forecastCents: number;
  ceilingCents: number;
  percent: number;
  level: CeilingLevel;
}

/**
 * The month-end forecast: the whole month's subscription (known in advance) plus consultation run
 * on at its month-to-date pace.
 */
export const monthEndForecast = (
  fullMonthSubscriptionCents: number,
  consultationToDateCents: number,
  dayOfMonth: number,
  daysInMonth: number,
): number =>
  fullMonthSubscriptionCents + Math.round((consultationToDateCents * daysInMonth) / Math.max(1, dayOfMonth));

/** The shares of a ceiling (%) at which a customer is warned, each once a month. */
export const CEILING_ALERT_THRESHOLDS = [50, CEILING_LEVELS.soft, CEILING_LEVELS.hard] as const;
export type CeilingAlertThreshold = (typeof CEILING_ALERT_THRESHOLDS)[number];

/** The warnings a spend of `percent` of its ceiling has crossed. */
export const crossedThresholds = (percent: number): CeilingAlertThreshold[] =>
  CEILING_ALERT_THRESHOLDS.filter((threshold) => percent >= threshold);

/** Month-to-date spend against a ceiling: soft from 80 %, hard from 100 %. */
export function ceilingState(spentCents: number, forecastCents: number, ceilingCents: number): CeilingState {
  const percent = ceilingCents > 0 ? Math.floor((spentCents * 100) / ceilingCents) : 0;
  const level: CeilingLevel =
    ceilingCents <= 0
      ? 'under'
      : percent >= CEILING_LEVELS.hard
        ? 'hard'
        : percent >= CEILING_LEVELS.soft
          ? 'soft'
          : 'under';
  return { spentCents, forecastCents, ceilingCents, percent, level };
}
