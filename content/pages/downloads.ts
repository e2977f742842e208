import { z } from 'zod';
import downloadsJson from '../data/pages/downloads.json' with { type: 'json' };
import { localized } from '../localized';

const Downloads = z.object({
  footer: z.string(),
  pageNumber: z.string().describe('{page} and {pages}'),
  resellerDatasheet: z.object({
    title: z.string(),
    subtitle: z.string(),
    earningsNote: z.string(),
    termsHeading: z.string(),
    applyHeading: z.string(),
    applyText: z.string(),
  }),
  solutionsBrief: z.object({
    title: z.string(),
    subtitle: z.string(),
    intro: z.array(z.string()).min(1),
    servicesHeading: z.string(),
    services: z.array(z.object({ title: z.string(), text: z.string() })).min(1),
    plansHeading: z.string(),
    plansNote: z.string(),
    planHeader: z.string(),
    priceHeader: z.string(),
    coverageHeader: z.string(),
    responseHeader: z.string(),
    consultationHeader: z.string(),
    consultationHeading: z.string(),
    consultationNote: z.string(),
    nextHeading: z.string(),
    nextText: z.string(),
  }),
});

/** The copy of the PDFs the site builds (reseller datasheet, solutions brief) that no page already has. */
export const downloads = localized(Downloads, downloadsJson);
