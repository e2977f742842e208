import { type PlanPrice, unitsForYearlyBudget, type VolumeDiscount } from './pricing';

/** A low and a high estimate. */
export interface Range {
  low: number;
  high: number;
}

/** An in-house operations team: head counts and yearly salaries in euros. */
export interface Team {
  juniorCount: number;
  seniorCount: number;
  juniorSalary: number;
  seniorSalary: number;
}

/** The productivity and turnover figures the estimate rests on (content/data/figures.json). */
export interface TeamCostFigures {
  /** Share of paid time spent on work about work: meetings, status, searching, chasing. */
  workAboutWorkPercent: number;
  /** Share spent on the skilled work the engineer was hired for. */
  skilledPercent: number;
  /** Share spent on strategy and planning. */
  strategyPercent: number;
  /** Effective time: skilled work plus strategy. */
  effectivePercent: number;
  /** What replacing one engineer costs, as a share of that engineer's salary. */
  turnoverCostPercent: Range;
  /** The share of the team expected to leave in a year. */
  annualAttritionPercent: number;
}

export interface TeamCost {
  headcount: number;
  /** Salaries for a year. */
  payroll: number;
  /** Expected yearly cost of replacing the engineers who leave. */
  turnover: Range;
  /** Payroll plus turnover, per year. */
  total: Range;
  /** Total per engineer, per year (0 for an empty team). */
  averagePerEngineer: Range;
  /** What a year of effective work costs: the average per engineer divided by the effective share. */
  perEffectiveYear: Range;
  /** What replacing one engineer of average salary costs. */
  replacementPerLeaver: Range;
  /** Payroll split by how the time is spent. */
  payrollByTime: { workAboutWork: number; skilled: number; strategy: number };
}

const toEuro = (value: number) => Math.round(value);
const range = (of: (percent: number) => number, percents: Range): Range => ({
  low: toEuro(of(percents.low)),
  high: toEuro(of(percents.high)),
});

function assertTeam(team: Team) {
  for (const [name, value] of Object.entries(team)) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a number ≥ 0`);
  }
  if (!Number.isInteger(team.juniorCount) || !Number.isInteger(team.seniorCount)) {
    throw new RangeError('Head counts must be whole numbers');
  }
}

/**
 * The yearly cost of running operations in house, in whole euros.
 *
 *   payroll   P = juniors × junior salary + seniors × senior salary
 *   turnover  T = P × attrition % × turnover cost %   (turnover cost 150 % to 200 % of salary → low, high)
 *   total     C = P + T
 *   average per engineer        C ÷ headcount
 *   cost of a year of effective work   (C ÷ headcount) ÷ effective %   (40 %: the rest is work about work)
 *   replacement per leaver      P ÷ headcount × turnover cost %
 *   payroll by time             P × 60 % work about work, 27 % skilled, 13 % strategy
 *
 * An empty team costs nothing: every figure is 0.
 */
export function teamCost(team: Team, figures: TeamCostFigures): TeamCost {
  assertTeam(team);
  const headcount = team.juniorCount + team.seniorCount;
  const payroll = team.juniorCount * team.juniorSalary + team.seniorCount * team.seniorSalary;
  const perHead = (amount: number) => (headcount === 0 ? 0 : amount / headcount);
  const turnoverAt = (costPercent: number) =>
    (payroll * figures.annualAttritionPercent * costPercent) / 10_000;
  const totalAt = (costPercent: number) => payroll + turnoverAt(costPercent);
  return {
    headcount,
    payroll: toEuro(payroll),
    turnover: range(turnoverAt, figures.turnoverCostPercent),
    total: range(totalAt, figures.turnoverCostPercent),
    averagePerEngineer: range((percent) => perHead(totalAt(percent)), figures.turnoverCostPercent),
    perEffectiveYear: range(
      (percent) => (perHead(totalAt(percent)) * 100) / figures.effectivePercent,
      figures.turnoverCostPercent,
    ),
    replacementPerLeaver: range((percent) => (perHead(payroll) * percent) / 100, figures.turnoverCostPercent),
    payrollByTime: {
      workAboutWork: toEuro((payroll * figures.workAboutWorkPercent) / 100),
      skilled: toEuro((payroll * figures.skilledPercent) / 100),
      strategy: toEuro((payroll * figures.strategyPercent) / 100),
    },
  };
}

/**
 * How many servers or nodes each plan looks after for the in-house team's yearly cost. The low end
 * of the estimate is used, so the comparison never flatters us.
 */
export function unitsForTeamCost(
  cost: TeamCost,
  plans: readonly PlanPrice[],
  discounts: readonly VolumeDiscount[],
): { planId: string; units: number }[] {
  return plans.map((plan) => ({
    planId: plan.id,
    units: unitsForYearlyBudget(plan, cost.total.low, discounts),
  }));
}
