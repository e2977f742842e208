import { z } from 'zod';
import legalJson from '../data/pages/legal.json' with { type: 'json' };
import { localized } from '../localized';

/** The frame around the legal texts (content/legal/*.mdx); the texts carry their own title and description. */
const LegalPage = z.object({
  eyebrow: z.string().min(1),
  contents: z.string().min(1).describe('The table of contents heading'),
  updated: z.string().min(1).describe('Put before the date the text last changed'),
  publisher: z.string().min(1).describe('Put before the company that publishes the text'),
});

export const legalPage = localized(LegalPage, legalJson);
