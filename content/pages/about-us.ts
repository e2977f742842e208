import { z } from 'zod';
import officesJson from '../data/offices.json' with { type: 'json' };
import aboutUsJson from '../data/pages/about-us.json' with { type: 'json' };
import { localized } from '../localized';
import { CardSection, FaqGroup, Hero, PageMeta, SectionIntro } from './blocks';

/** Where the offices are; the same in every language (postal addresses are written locally). */
const Offices = z.object({
  offices: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z-]+$/),
        headquarters: z.boolean(),
        address: z.array(z.string().min(1)).min(2).describe('Lines as written on an envelope'),
        country: z.string().length(2).describe('ISO 3166-1 alpha-2'),
      }),
    )
    .min(1)
    .refine((offices) => offices.filter((office) => office.headquarters).length === 1, {
      error: 'Exactly one office is the headquarters',
    }),
});

export const offices = Offices.parse(officesJson).offices;

const AboutUsPage = z.object({
  meta: PageMeta,
  hero: Hero,
  story: SectionIntro.extend({
    body: z.array(z.string()).min(1),
    facts: z.array(z.object({ value: z.string().min(1), label: z.string().min(1) })).min(2),
  }),
  values: CardSection,
  /** The message form's section (the nav's Contact Us lands on it) and the direct lines beside it. */
  contact: SectionIntro.extend({
    direct: z.object({
      heading: z.string(),
      phone: z.string(),
      sales: z.string(),
      support: z.string(),
      hours: z.string(),
    }),
  }),
  offices: SectionIntro.extend({
    headquarters: z.string(),
    phone: z.string(),
    email: z.string(),
    /** Each office's name and what happens there, by office id. */
    items: z
      .record(z.string(), z.object({ name: z.string().min(1), role: z.string().min(1) }))
      .refine((items) => offices.every((office) => items[office.id]), {
        error: 'Every office in offices.json needs a name and a role',
      }),
  }),
  faq: SectionIntro.extend({
    /** General, Linux product, Kubernetes product, Support and Consultation. */
    groups: z.array(FaqGroup).length(4),
  }),
});

export const aboutUsPage = localized(AboutUsPage, aboutUsJson);
