import { z } from 'zod';
import solutionsBriefJson from '../data/pages/solutions-brief.json' with { type: 'json' };
import { localized } from '../localized';
import { CallToAction, CardSection, Hero, PageMeta, SectionIntro } from './blocks';

const SolutionsBriefPage = z.object({
  meta: PageMeta,
  hero: Hero,
  /** Beside the hero: the gated download form. */
  form: SectionIntro.extend({ privacy: z.string().min(1) }),
  contents: CardSection,
  contact: CallToAction,
});

export const solutionsBriefPage = localized(SolutionsBriefPage, solutionsBriefJson);
