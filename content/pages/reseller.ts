import { z } from 'zod';
import resellerJson from '../data/pages/reseller.json' with { type: 'json' };
import { localized } from '../localized';
import { CallToAction, CardSection, FaqItem, Hero, PageMeta, SectionIntro } from './blocks';

const ResellerPage = z.object({
  meta: PageMeta,
  hero: Hero,
  whyPartner: CardSection,
  audience: CardSection,
  offer: CardSection,
  support: CardSection,
  earnings: SectionIntro.extend({
    caption: z.string(),
    planHeader: z.string(),
    bonusHeader: z.string(),
    revenueHeader: z.string(),
    earnHeader: z.string(),
    terms: z.array(z.string().min(1)).min(1),
  }),
  /** The section (id "apply") the reseller application form sits in. */
  apply: SectionIntro,
  contact: CallToAction,
  faq: SectionIntro.extend({ items: z.array(FaqItem).min(1) }),
});

/** The reseller page; `{name}` placeholders are filled from the business figures when rendered. */
export const resellerPage = localized(ResellerPage, resellerJson);
