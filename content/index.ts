import { PLAN_IDS } from '@tidewatch/domain';
import { z } from 'zod';
import consultationRatesJson from './data/consultation-rates.json' with { type: 'json' };
import plansJson from './data/plans.json' with { type: 'json' };
import siteJson from './data/site.json' with { type: 'json' };
import { localized } from './localized';

// Business data, checked when it is loaded: a malformed file fails the build and the tests.

/** A plan's text in one language (spec section 3: includes, coverage, responseTime). */
const PlanText = z.object({
  includes: z.array(z.string().min(1)).min(1),
  coverage: z.array(z.string().min(1)).min(1),
  responseTime: z.string().min(1),
});

const Plans = z.object({
  currency: z.literal('EUR'),
  plans: z
    .array(
      z.object({
        id: z.enum(PLAN_IDS),
        name: z.string(),
        pricePerUnitMonth: z.number().positive().describe('Per server or node per month'),
        volumeDiscount: z.boolean().describe('Whether unit-count discounts apply (not Basic)'),
        coverageHours: z.enum(['business-hours', '24x7']),
        freeConsultation: z
          .object({ minutes: z.number().int().positive(), level: z.number().int().min(1).max(3) })
          .describe('Included each month, used before billed time'),
        text: z.object({ en: PlanText, da: PlanText }),
      }),
    )
    // Every plan the domain knows, once and cheapest first, so none is sold without a price and a text.
    .refine((plans) => plans.map((plan) => plan.id).join() === PLAN_IDS.join(), {
      message: `The plans must be ${PLAN_IDS.join(', ')}, in that order`,
    }),
  volumeDiscounts: z.array(
    z.object({ fromUnits: z.number().int().positive(), percent: z.number().min(0).max(100) }),
  ),
});

const ConsultationRates = z.object({
  currency: z.literal('EUR'),
  levels: z.array(
    z.object({
      level: z.number().int().min(1).max(3),
      experience: z.string(),
      remoteHourly: z.number().positive(),
      experienceYears: z
        .object({ from: z.number().int().min(0), to: z.number().int().positive().nullable() })
        .describe('to: null for open-ended, e.g. 10+ years'),
    }),
  ),
  onsiteSurchargePercent: z.number().min(0),
  nonSubscriberSurchargePercent: z.number().min(0),
});

/** The site's interface text; Danish must have every key English has. */
const SiteText = z.object({
  languageName: z.string(),
  skipLink: z.string(),
  chat: z.object({
    open: z.string().describe("The chat bubble's name"),
    nudge: z.string().describe('The line beside the bubble a few seconds after a page opens'),
    dismissNudge: z.string().describe("The nudge's close button's name"),
    region: z.string().describe('The name of the landmark the bubble and nudge sit in'),
    unread: z.string().describe('Beside the unread count, for screen readers'),
  }),
  nav: z.object({
    label: z.string(),
    why: z.string(),
    services: z.string(),
    pricing: z.string(),
    features: z.string(),
    about: z.string(),
    solutionsBrief: z.string(),
    contact: z.string(),
    careers: z.string(),
    terms: z.string(),
    login: z.string(),
    signup: z.string(),
    logout: z.string(),
    portal: z.string(),
    menu: z.string().describe("The menu button's text while the menu is closed"),
    close: z.string().describe("The menu button's text while the menu is open"),
    openMenu: z.string().describe("The menu button's name while the menu is closed"),
    closeMenu: z.string().describe("The menu button's name while the menu is open"),
    language: z.string(),
    products: z.string(),
    aboutUs: z.string(),
    partners: z.string(),
    blog: z.string(),
  }),
  footer: z.object({
    tagline: z.string(),
    unsubscribe: z.string(),
    rights: z.string(),
    registration: z.string().describe('Before the company registration (CVR) number'),
    product: z.string(),
    company: z.string(),
    resources: z.string(),
    legal: z.string(),
    status: z.string(),
    apiReference: z.string(),
    privacy: z.string(),
    cookies: z.string(),
    dataProcessing: z.string(),
    security: z.string(),
  }),
  login: z.object({
    title: z.string(),
    description: z.string(),
    heading: z.string(),
    intro: z.string(),
    noAccount: z.string(),
    signup: z.string(),
  }),
  forgotPassword: z.object({
    title: z.string(),
    description: z.string(),
    heading: z.string(),
    intro: z.string(),
    backToLogin: z.string(),
  }),
  setPassword: z.object({
    title: z.string(),
    description: z.string(),
    heading: z.string(),
    intro: z.string(),
  }),
  confirmSignUp: z.object({
    title: z.string(),
    description: z.string(),
    heading: z.string(),
    intro: z.string(),
  }),
  signUp: z.object({
    title: z.string(),
    description: z.string(),
    heading: z.string(),
    intro: z.string(),
    haveAccount: z.string(),
    login: z.string(),
  }),
  unsubscribe: z.object({
    title: z.string(),
    description: z.string(),
    heading: z.string(),
    intro: z.string(),
  }),
  notFound: z.object({
    title: z.string(),
    description: z.string(),
    heading: z.string(),
    body: z.string(),
    home: z.string(),
  }),
});
export type SiteText = z.infer<typeof SiteText>;

export const siteText = localized(SiteText, siteJson);

export const plans = Plans.parse(plansJson);
/** A plan as the pricing page names it (the same in both languages); an unknown id as it is. */
export const consultationRates = ConsultationRates.parse(consultationRatesJson);

export {
  APP_TYPES,
  type AppCategory,
  type AppType,
  appCategories,
  type SupportedApp,
  supportedApps,
} from './apps';
export { brand, brandValues, isStaffCustomer } from './brand';
export { brandIcons } from './brand-icons';
export { BUILD_ORIGIN, BUILD_STATUS_URL } from './build-stand-ins';
export { figures } from './figures';
export { fillAll } from './fill';
export {
  type FeatureDefinition,
  featureCatalogue,
  type OsVersion,
  osVersions,
  type RoleCatalogue,
  type RoleDefinition,
  type RoleParameter,
  roleCatalogue,
} from './infrastructure';
export { SITE_LOCALES, type SiteLocale } from './localized';
export { aboutUsPage, offices } from './pages/about-us';
export type * from './pages/blocks';
export { blogText } from './pages/blog';
export { careersPage, type OpeningData } from './pages/careers';
export { downloads } from './pages/downloads';
export { featuresPage } from './pages/features';
export { homePage } from './pages/home';
export { legalPage } from './pages/legal';
export { pricingPage } from './pages/pricing';
export { kubernetesPage, linuxFeaturedApps, linuxPage, type ProductPageData } from './pages/product';
export { resellerPage } from './pages/reseller';
export { servicesPage } from './pages/services';
export { solutionsBriefPage } from './pages/solutions-brief';
export { whyPage } from './pages/why';
export { planName } from './plan-names';
export {
  DEMO_SELLER,
  registrationNumber,
  type Seller,
  SITE_SELLER_PARTS,
  type SiteSellerPart,
} from './seller';
export { TERMS_VERSION } from './terms';
