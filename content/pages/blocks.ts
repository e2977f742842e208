import { z } from 'zod';

/** Building blocks the marketing pages share; the site renders each with one component. */

/** A path on the site (localized when rendered), an in-page anchor, or a mailto: address. */
const Href = z.string().regex(/^(\/|#|mailto:)/, 'Links are site paths, anchors or mailto: addresses');

export const Link = z.object({ label: z.string().min(1), href: Href });

/** An icon by its lucide name in PascalCase (the site fails to build on an unknown name). */
export const IconName = z.string().regex(/^[A-Z][A-Za-z0-9]+$/);

export const Hero = z.object({
  eyebrow: z.string().optional(),
  heading: z.string().min(1),
  lead: z.string().min(1),
  primary: Link,
  secondary: Link.optional(),
  points: z.array(z.string()).optional(),
});

/** A picture of the portal: its alt text says what it shows, the caption where it comes from. */
export const Screenshot = z.object({ alt: z.string().min(40), caption: z.string().min(1) });

export const SectionIntro = z.object({
  heading: z.string().min(1),
  intro: z.string().optional(),
});

export const Card = z.object({
  icon: IconName.optional(),
  title: z.string().min(1),
  text: z.string().min(1),
});

export const CardSection = SectionIntro.extend({ cards: z.array(Card).min(1) });

export const FaqItem = z.object({ question: z.string().min(1), answer: z.string().min(1) });

export const FaqGroup = z.object({ title: z.string().min(1), items: z.array(FaqItem).min(1) });

export const Step = z.object({ title: z.string().min(1), text: z.string().min(1) });

export const StepSection = SectionIntro.extend({ steps: z.array(Step).min(2) });

export const CallToAction = SectionIntro.extend({ primary: Link, secondary: Link.optional() });

/** Every page's <title> and meta description. */
export const PageMeta = z.object({ title: z.string().min(1), description: z.string().min(50).max(170) });

export type LinkData = z.infer<typeof Link>;
export type HeroData = z.infer<typeof Hero>;
export type ScreenshotData = z.infer<typeof Screenshot>;
export type CardData = z.infer<typeof Card>;
export type FaqItemData = z.infer<typeof FaqItem>;
export type StepData = z.infer<typeof Step>;
export type CallToActionData = z.infer<typeof CallToAction>;
