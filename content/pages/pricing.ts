import { PLAN_IDS } from '@tidewatch/domain';
import { z } from 'zod';
import pricingJson from '../data/pages/pricing.json' with { type: 'json' };
import { localized } from '../localized';
import { CallToAction, Card, FaqItem, Hero, PageMeta, SectionIntro } from './blocks';

const ConsultationTab = z.object({ name: z.string().min(1), features: z.array(z.string().min(1)).min(1) });

const PricingPage = z.object({
  meta: PageMeta,
  hero: Hero,
  plans: SectionIntro.extend({
    perUnit: z.string(),
    includes: z.string(),
    coverage: z.string(),
    responseTime: z.string(),
    freeConsultation: z.string().describe('{duration} and {level}'),
    trialBadge: z.string(),
    popularBadge: z.string(),
    choose: z.string().describe('{plan}'),
    popularPlan: z.enum(PLAN_IDS),
  }),
  comparison: SectionIntro.extend({
    caption: z.string(),
    price: z.string(),
    responseTime: z.string(),
    coverage: z.string(),
    businessHours: z.string(),
    allHours: z.string(),
    consultation: z.string(),
    volumeDiscount: z.string(),
    included: z.string(),
    notIncluded: z.string(),
  }),
  trial: CallToAction,
  discounts: SectionIntro.extend({
    stepsCaption: z.string(),
    unitsHeader: z.string(),
    discountHeader: z.string(),
    fromUnits: z.string().describe('{units}'),
    basicExcluded: z.string().describe('{basicPrice}'),
  }),
  changes: SectionIntro.extend({ cards: z.array(Card).length(5) }),
  consultation: SectionIntro.extend({
    tabsLabel: z.string(),
    levelHeader: z.string(),
    experienceHeader: z.string(),
    rateHeader: z.string(),
    level: z.string().describe('{level}'),
    experienceRange: z.string().describe('{from} and {to} years'),
    experienceFrom: z.string().describe('{from} years or more'),
    levels: z.array(z.object({ level: z.number().int().min(1).max(3), text: z.string().min(1) })).length(3),
    tabs: z.object({ remote: ConsultationTab, onsite: ConsultationTab, nonSubscriber: ConsultationTab }),
    billing: z.array(z.string().min(1)).min(1),
  }),
  faq: SectionIntro.extend({ items: z.array(FaqItem).min(1) }),
  contact: CallToAction,
});

/** The pricing page; `{name}` placeholders are filled from the business figures when rendered. */
export const pricingPage = localized(PricingPage, pricingJson);
