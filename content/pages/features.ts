import { z } from 'zod';
import featuresJson from '../data/pages/features.json' with { type: 'json' };
import { localized } from '../localized';
import { CallToAction, CardSection, Hero, PageMeta, SectionIntro } from './blocks';

const FeaturesPage = z.object({
  meta: PageMeta,
  hero: Hero,
  supported: CardSection,
  catalogue: SectionIntro,
  missing: CallToAction,
});

export const featuresPage = localized(FeaturesPage, featuresJson);
