import { z } from 'zod';
import whyJson from '../data/pages/why.json' with { type: 'json' };
import { localized } from '../localized';
import { CallToAction, Hero, IconName, PageMeta, SectionIntro } from './blocks';

/** One of the six reasons: text beside a single figure that sums it up. */
const Reason = z.object({
  id: z.string().regex(/^[a-z-]+$/),
  icon: IconName,
  heading: z.string().min(1),
  body: z.array(z.string().min(1)).min(1),
  stat: z.object({ value: z.string().min(1), label: z.string().min(1) }),
});

const WhyPage = z.object({
  meta: PageMeta,
  hero: Hero,
  reasons: z.array(Reason).length(6),
  calculator: SectionIntro.extend({ note: z.string().min(1) }),
  contact: CallToAction,
});

/** The why-{product} page; `{name}` placeholders are filled from the business figures when rendered. */
export const whyPage = localized(WhyPage, whyJson);
