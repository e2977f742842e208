import { z } from 'zod';
import homeJson from '../data/pages/home.json' with { type: 'json' };
import { localized } from '../localized';
import { CallToAction, CardSection, Hero, PageMeta, Screenshot, SectionIntro } from './blocks';

const HomePage = z.object({
  meta: PageMeta,
  hero: Hero,
  screenshot: Screenshot.describe("The portal's server list under the hero"),
  compliance: SectionIntro.extend({
    standards: z.array(z.object({ name: z.string(), text: z.string() })).length(4),
  }),
  provides: CardSection,
  services: CardSection,
  mission: SectionIntro.extend({ body: z.array(z.string()).min(1) }),
  integrations: SectionIntro.extend({ names: z.array(z.string()).min(6) }),
  feedback: SectionIntro.extend({
    quotes: z.array(z.object({ quote: z.string(), name: z.string(), role: z.string() })).min(2),
  }),
  contact: CallToAction,
});

export const homePage = localized(HomePage, homeJson);
