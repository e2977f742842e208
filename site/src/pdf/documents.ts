import {
  brand,
  downloads,
  fillAll,
  plans,
  pricingPage,
  resellerPage,
  type SiteLocale,
  whyPage,
} from '@tidewatch/content';
import { PdfWriter } from '@tidewatch/content/pdf-writer';
import { businessValues } from '../business-values';
import { duration, fill, type Language, money } from '../format';
import { localizedPath } from '../i18n';
import { consultationRateRows, resellerEarningsTable } from '../tables';

/** The server writes PUBLIC_URL over the build's stand-in origin in the links these print (server/src/plugins/public-origin.ts). */
const REWRITABLE = { rewritable: true };

/** Room for the short note between a heading and its table (two lines of small text). */
const NOTE_ROOM = 40;

/** The PDFs the site offers, by file name; each is built from the same content as the pages. */

const link = (site: URL, path: string, locale: SiteLocale) => new URL(localizedPath(path, locale), site).href;

function footer(language: Language) {
  const text = downloads[language];
  const left = fill(text.footer, businessValues(language));
  return (page: number, pages: number) => ({ left, right: fill(text.pageNumber, { page, pages }) });
}

export async function resellerDatasheet(language: Language, site: URL): Promise<Uint8Array> {
  const values = businessValues(language);
  const page = fillAll(resellerPage[language], values);
  const text = fillAll(downloads[language].resellerDatasheet, {
    ...values,
    applyUrl: `${link(site, '/reseller', language)}#apply`,
  });
  const pdf = await PdfWriter.create(
    {
      title: `${brand.product} ${text.title}`,
      subject: text.subtitle,
      language,
      author: brand.product,
      keywords: [page.meta.title, brand.product],
    },
    REWRITABLE,
  );
  pdf.titleBand(brand.product, text.title, text.subtitle);
  pdf.paragraph(page.hero.lead, { size: 12 });

  const earnings = resellerEarningsTable(language);
  const earningsColumns = earnings.columns.map((column, index) => ({
    ...column,
    width: index === 0 ? 0.31 : 0.23,
  }));
  pdf.heading(page.earnings.heading, NOTE_ROOM + pdf.tableStart(earningsColumns, earnings.rows));
  pdf.paragraph(text.earningsNote, { muted: true });
  pdf.table(earningsColumns, earnings.rows);
  pdf.heading(text.termsHeading);
  pdf.bullets(page.earnings.terms);

  for (const section of [page.whyPartner, page.offer, page.support, page.audience]) {
    pdf.heading(section.heading);
    pdf.bullets(section.cards);
  }
  pdf.heading(text.applyHeading);
  pdf.paragraph(text.applyText);
  return pdf.finish(footer(language));
}

export async function solutionsBrief(language: Language, site: URL): Promise<Uint8Array> {
  const values = businessValues(language);
  const text = fillAll(downloads[language].solutionsBrief, {
    ...values,
    signUpUrl: link(site, '/sign-up', language),
    pricingUrl: link(site, '/pricing', language),
  });
  const pricing = pricingPage[language];
  const why = fillAll(whyPage[language], values);
  const pdf = await PdfWriter.create(
    {
      title: `${brand.product} ${text.title}`,
      subject: text.subtitle,
      language,
      author: brand.product,
      keywords: [brand.product, brand.linuxSuite, brand.kubernetesSuite],
    },
    REWRITABLE,
  );
  pdf.titleBand(brand.product, text.title, text.subtitle);
  for (const paragraph of text.intro) pdf.paragraph(paragraph, { size: 12 });

  pdf.heading(text.servicesHeading);
  pdf.bullets(text.services);

  const planColumns = [
    { label: text.planHeader, width: 0.16 },
    { label: text.priceHeader, width: 0.16, numeric: true },
    { label: text.coverageHeader, width: 0.3 },
    { label: text.responseHeader, width: 0.18 },
    { label: text.consultationHeader, width: 0.2 },
  ];
  const planRows = plans.plans.map((plan) => [
    plan.name,
    money(language, plan.pricePerUnitMonth),
    plan.text[language].coverage.join('. '),
    plan.text[language].responseTime,
    `${duration(language, plan.freeConsultation.minutes)}, ${fill(pricing.consultation.level, plan.freeConsultation).toLowerCase()}`,
  ]);
  pdf.heading(text.plansHeading, NOTE_ROOM + pdf.tableStart(planColumns, planRows));
  pdf.paragraph(text.plansNote, { muted: true });
  pdf.table(planColumns, planRows);
  pdf.bullets(
    plans.plans.map((plan) => ({ title: plan.name, text: plan.text[language].includes.join('; ') })),
  );

  const rateColumns = [
    { label: pricing.consultation.levelHeader, width: 0.5 },
    { label: pricing.consultation.experienceHeader, width: 0.25 },
    { label: pricing.consultation.rateHeader, width: 0.25, numeric: true },
  ];
  const rateRows = consultationRateRows(language, 0).map((row) => [
    `${row.level}: ${row.text}`,
    row.experience,
    row.rate,
  ]);
  pdf.heading(text.consultationHeading, NOTE_ROOM + pdf.tableStart(rateColumns, rateRows));
  pdf.paragraph(text.consultationNote, { muted: true });
  pdf.table(rateColumns, rateRows);

  pdf.heading(why.meta.title);
  pdf.bullets(
    why.reasons.map((reason) => ({
      title: reason.heading,
      text: `${reason.stat.value} ${reason.stat.label}`,
    })),
  );

  pdf.heading(text.nextHeading);
  pdf.paragraph(text.nextText);
  return pdf.finish(footer(language));
}

/** Every download, by file name: the paths /downloads/<file> and /da/downloads/<file> are public and stable. */
export const DOWNLOADS = {
  'reseller-datasheet.pdf': resellerDatasheet,
  'solutions-brief.pdf': solutionsBrief,
} as const;

export type DownloadFile = keyof typeof DOWNLOADS;
