import { brand, type FaqItemData, plans, type SiteLocale } from '@tidewatch/content';
import { localizedPath } from './i18n';

// schema.org data for search engines, written as JSON-LD by Head. Every address is absolute
// under the build's stand-in origin, which the server replaces with PUBLIC_URL (decision 28).

export const organization = (site: URL) => ({
  '@type': 'Organization',
  name: brand.product,
  url: new URL('/', site).href,
  logo: new URL('/favicon.svg', site).href,
  email: brand.contact.salesEmail,
  telephone: brand.contact.phone,
});

/** The service as one product, each plan an offer priced per server or node per month. */
export const productWithOffers = (site: URL, locale: SiteLocale, description: string) => {
  const url = new URL(localizedPath('/pricing', locale), site).href;
  return {
    '@type': 'Product',
    name: brand.product,
    description,
    brand: { '@type': 'Brand', name: brand.product },
    url,
    offers: plans.plans.map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      url,
      price: plan.pricePerUnitMonth,
      priceCurrency: plans.currency,
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: plan.pricePerUnitMonth,
        priceCurrency: plans.currency,
        billingDuration: 'P1M',
      },
    })),
  };
};

export const faqPage = (items: FaqItemData[]) => ({
  '@type': 'FAQPage',
  mainEntity: items.map((item) => ({
    '@type': 'Question',
    name: item.question,
    acceptedAnswer: { '@type': 'Answer', text: item.answer },
  })),
});

export const blogPosting = (
  site: URL,
  post: { title: string; description: string; date: Date; author: string; locale: SiteLocale; path: string },
  image: string,
) => ({
  '@type': 'BlogPosting',
  headline: post.title,
  description: post.description,
  datePublished: post.date.toISOString().slice(0, 10),
  author: { '@type': 'Person', name: post.author },
  publisher: organization(site),
  inLanguage: post.locale,
  mainEntityOfPage: new URL(post.path, site).href,
  image,
});
