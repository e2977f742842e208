import { brand, brandValues, consultationRates, figures, plans, supportedApps } from '@tidewatch/content';
import {
  blendedHourlyRate,
  INVITATION_LINK_VALID_MINUTES,
  PASSWORD_LINK_VALID_MINUTES,
  SIGN_UP_LINK_VALID_MINUTES,
  WELCOME_LINK_VALID_MINUTES,
} from '@tidewatch/domain';
import { clock, duration, type Language, money, number } from './format';

/** Percentages are bare numbers here: the copy writes the sign as its language does (40%, 40 %). */
const percent = number;

/**
 * The values content text may name as `{name}`, formatted for a language, so copy quotes the
 * business figures (content/data) instead of repeating them.
 */
export function businessValues(language: Language): Record<string, string> {
  const team = figures.teamCost;
  const reseller = figures.reseller;
  const steps = [...plans.volumeDiscounts].sort((a, b) => a.fromUnits - b.fromUnits);
  const rates = consultationRates.levels.map((level) => ({ level: level.level, hourly: level.remoteHourly }));
  const mixOf = (level: number) =>
    figures.prices.typicalMix.find((part) => part.level === level)?.percent ?? 0;
  return {
    ...brandValues,
    salesEmail: brand.contact.salesEmail,
    phone: brand.contact.phone,
    trialDays: String(figures.trialDays),
    subscriptionsFrom: money(language, figures.prices.subscriptionsFromMonthly),
    consultationsFrom: money(language, figures.prices.consultationsFromMonthly),
    averageRateLow: money(language, figures.prices.averageConsultationRate.low),
    averageRateHigh: money(language, figures.prices.averageConsultationRate.high),
    level1Percent: percent(language, mixOf(1)),
    level2Percent: percent(language, mixOf(2)),
    blendedRate: money(language, blendedHourlyRate(rates, figures.prices.typicalMix)),
    minimumMinutes: String(figures.consultationBilling.minimumMinutes),
    businessHoursFrom: clock(language, figures.consultationBilling.businessHours.from),
    businessHoursTo: clock(language, figures.consultationBilling.businessHours.to),
    onsiteSurcharge: percent(language, consultationRates.onsiteSurchargePercent),
    nonSubscriberSurcharge: percent(language, consultationRates.nonSubscriberSurchargePercent),
    firstDiscountUnits: String(steps[0]?.fromUnits ?? ''),
    topDiscountUnits: String(steps.at(-1)?.fromUnits ?? ''),
    topDiscountPercent: percent(language, steps.at(-1)?.percent ?? 0),
    effectivePercent: percent(language, team.effectivePercent),
    workAboutWorkPercent: percent(language, team.workAboutWorkPercent),
    skilledPercent: percent(language, team.skilledPercent),
    strategyPercent: percent(language, team.strategyPercent),
    effectiveMultiplier: number(language, 100 / team.effectivePercent),
    turnoverLow: percent(language, team.turnoverCostPercent.low),
    turnoverHigh: percent(language, team.turnoverCostPercent.high),
    attritionPercent: percent(language, team.annualAttritionPercent),
    signupBonus: money(language, reseller.signupBonus),
    commissionPercent: percent(language, reseller.commissionPercent),
    commissionMonths: String(reseller.commissionMonths),
    exampleUnits: String(reseller.exampleUnits),
    appCount: String(supportedApps.length),
    // One set-password page serves the reset, welcome and invitation mails, each with its own lifetime.
    passwordLinkValidity: duration(language, PASSWORD_LINK_VALID_MINUTES),
    welcomeLinkValidity: duration(language, WELCOME_LINK_VALID_MINUTES),
    invitationLinkValidity: duration(language, INVITATION_LINK_VALID_MINUTES),
    signUpLinkValidity: duration(language, SIGN_UP_LINK_VALID_MINUTES),
  };
}
