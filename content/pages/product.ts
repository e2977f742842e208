import { z } from 'zod';
import { supportedApps } from '../apps';
import kubernetesJson from '../data/pages/kubernetes.json' with { type: 'json' };
import linuxJson from '../data/pages/linux.json' with { type: 'json' };
import linuxAppsJson from '../data/pages/linux-apps.json' with { type: 'json' };
import { localized } from '../localized';
import {
  CallToAction,
  CardSection,
  FaqItem,
  Hero,
  Link,
  PageMeta,
  Screenshot,
  SectionIntro,
  StepSection,
} from './blocks';

/** What every product page has, in the order it shows it; the Linux and Kubernetes pages add to it. */
const ProductPage = z.object({
  meta: PageMeta,
  hero: Hero,
  glance: z.object({
    title: z.string().min(1),
    rows: z.array(z.object({ label: z.string().min(1), value: z.string().min(1) })).min(3),
  }),
  portal: SectionIntro.extend(Screenshot.shape).describe('The product in the portal, under the hero'),
  advantages: CardSection,
  process: StepSection,
  faq: SectionIntro.extend({ items: z.array(FaqItem).min(3) }),
  cta: CallToAction,
});

const LinuxPage = ProductPage.extend({
  subnav: z.object({ links: z.array(Link).min(2) }).describe('The product sub-navigation under the site nav'),
  apps: SectionIntro.extend({ link: Link }),
  services: CardSection.extend({ link: Link }),
});

const KubernetesPage = ProductPage.extend({ managed: CardSection });

/** The shared structure with the parts only one of the pages has. */
export type ProductPageData = z.infer<typeof ProductPage> &
  Partial<
    Pick<z.infer<typeof LinuxPage>, 'subnav' | 'services'> & Pick<z.infer<typeof KubernetesPage>, 'managed'>
  >;

export const linuxPage = localized(LinuxPage, linuxJson);
export const kubernetesPage = localized(KubernetesPage, kubernetesJson);

/** The catalogue entries the Linux page shows, in the catalogue's own order. */
export const linuxFeaturedApps = z
  .array(z.string())
  .min(4)
  .refine((keys) => keys.every((key) => supportedApps.some((app) => app.key === key)), 'unknown app key')
  .transform((keys) => supportedApps.filter((app) => keys.includes(app.key)))
  .parse(linuxAppsJson);
