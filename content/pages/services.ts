import { z } from 'zod';
import servicesJson from '../data/pages/services.json' with { type: 'json' };
import { localized } from '../localized';
import { CallToAction, Card, CardSection, Hero, Link, PageMeta, SectionIntro } from './blocks';

const ServicesPage = z.object({
  meta: PageMeta,
  hero: Hero,
  start: CardSection,
  subscriptions: CardSection.extend({
    unitLabel: z.string().min(1),
    coverLabel: z.string().min(1),
    responseLabel: z.string().min(1),
    coverage: z.object({ 'business-hours': z.string().min(1), '24x7': z.string().min(1) }),
    link: Link,
  }),
  consultations: SectionIntro.extend({
    rateLabel: z.string().min(1),
    levels: z
      .array(
        z.object({
          level: z.number().int().min(1).max(3),
          title: z.string().min(1),
          experience: z.string().min(1),
          text: z.string().min(1),
        }),
      )
      .length(3),
    link: Link,
  }),
  support: CardSection,
  compliance: CardSection,
  certification: SectionIntro.extend({ body: z.string().min(1), points: z.array(z.string()).min(2) }),
  products: SectionIntro.extend({
    cards: z.array(Card.omit({ icon: true }).extend({ link: Link })).length(2),
  }),
  cta: CallToAction,
});

export const servicesPage = localized(ServicesPage, servicesJson);
