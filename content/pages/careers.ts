import { z } from 'zod';
import careersJson from '../data/pages/careers.json' with { type: 'json' };
import { localized } from '../localized';
import { CardSection, Hero, PageMeta, SectionIntro, StepSection } from './blocks';

export const Opening = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .describe('Its anchor on the page, the same in every language'),
  title: z.string().min(1),
  team: z.string().min(1),
  location: z.string().min(1),
  type: z.string().min(1).describe('Full-time, part-time, ...'),
  summary: z.string().min(1),
  responsibilities: z.array(z.string().min(1)).min(1),
  requirements: z.array(z.string().min(1)).min(1),
});
export type OpeningData = z.infer<typeof Opening>;

const CareersPage = z.object({
  meta: PageMeta,
  hero: Hero,
  openings: SectionIntro.extend({
    empty: z.string().min(1).describe('Shown when there are no openings'),
    labels: z.object({
      details: z.string().min(1),
      responsibilities: z.string().min(1),
      requirements: z.string().min(1),
      apply: z.string().min(1),
    }),
    items: z.array(Opening),
  }),
  why: CardSection,
  hiring: StepSection,
  apply: SectionIntro.extend({
    sent: z.string().min(1).describe('Shown after a plain form post went through'),
    notSent: z
      .string()
      .min(1)
      .describe('Shown after a plain form post was refused; {careersEmail} is filled in'),
  }),
});

export const careersPage = localized(CareersPage, careersJson);
