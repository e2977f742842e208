import { expect, type Page, test } from '@playwright/test';
import { formReady } from '../support/forms';

type Language = 'en' | 'da';

/** Each page's heading and the section headings a reader scans for, in both languages. */
const PAGES: { path: string; heading: Record<Language, string>; sections: Record<Language, string[]> }[] = [
  {
    path: '/services',
    heading: {
      en: 'From a free setup to engineers on call',
      da: 'Fra gratis opsætning til ingeniører på vagt',
    },
    sections: {
      en: [
        'Start free with the open-source setup',
        'Subscriptions per server or node',
        'Consultations by level',
        'People who know your setup',
        'Compliance support',
        'Optional certification after onboarding',
      ],
      da: [
        'Start gratis med open source-opsætningen',
        'Abonnement pr. server eller node',
        'Konsulenter på tre niveauer',
        'Folk, der kender jeres opsætning',
        'Compliance-support',
        'Valgfri certificering efter onboarding',
      ],
    },
  },
  {
    path: '/linux',
    heading: {
      en: 'Linux servers set up right, and kept that way',
      da: 'Linux-servere sat rigtigt op, og det bliver de ved med at være',
    },
    sections: {
      en: [
        'Every server on one page',
        'Why teams run Tidewatch Linux',
        'Supported apps',
        'Enterprise support',
        'How it works',
        'Frequently asked questions',
      ],
      da: [
        'Hver server på én side',
        'Derfor kører teams Tidewatch Linux',
        'Understøttede apps',
        'Enterprise-support',
        'Sådan virker det',
        'Ofte stillede spørgsmål',
      ],
    },
  },
  {
    path: '/kubernetes',
    heading: {
      en: 'Kubernetes clusters, upgraded and looked after',
      da: 'Kubernetes-klynger, opgraderet og passet',
    },
    sections: {
      en: [
        'Your clusters at a glance',
        'What we manage',
        'Why Tidewatch Kubernetes',
        'How onboarding works',
        'Frequently asked questions',
      ],
      da: [
        'Jeres klynger på et øjeblik',
        'Det drifter vi',
        'Derfor Tidewatch Kubernetes',
        'Sådan foregår onboarding',
        'Ofte stillede spørgsmål',
      ],
    },
  },
  {
    path: '/careers',
    heading: { en: "Keep other people's infrastructure calm", da: 'Hold andres infrastruktur i ro' },
    sections: {
      en: ['Open positions', 'Why work here', 'How we hire', 'Apply'],
      da: ['Ledige stillinger', 'Derfor skal du arbejde her', 'Sådan ansætter vi', 'Søg'],
    },
  },
  {
    path: '/termsconditions',
    heading: { en: 'Terms and conditions', da: 'Vilkår og betingelser' },
    sections: {
      en: [
        'Contents',
        'Changing plans',
        'Cancellation',
        'Consultations',
        'Expense ceilings',
        'Data protection',
      ],
      da: ['Indhold', 'Skift af plan', 'Opsigelse', 'Konsulentydelser', 'Udgiftslofter', 'Databeskyttelse'],
    },
  },
];

const at = (path: string, language: Language) => (language === 'en' ? path : `/da${path}`);

for (const { path, heading, sections } of PAGES) {
  for (const language of ['en', 'da'] as const) {
    test(`${at(path, language)} shows its heading and sections`, async ({ page }) => {
      await page.goto(at(path, language));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading[language]);
      for (const section of sections[language]) {
        await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
      }
    });
  }
}

/** Which portal view each page shows, and words its alt text has in each language. */
const SHOTS = [
  { path: '/', view: 'servers', alt: { en: 'server list', da: 'serverliste' } },
  { path: '/linux', view: 'server', alt: { en: "A server's page", da: 'En servers side' } },
  { path: '/kubernetes', view: 'clusters', alt: { en: 'cluster list', da: 'Klyngelisten' } },
] as const;

for (const { path, view, alt } of SHOTS) {
  test(`${path} shows the portal in the page's language and the reader's theme`, async ({ browser }) => {
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme: theme });
      const page = await context.newPage();
      for (const language of ['en', 'da'] as const) {
        await page.goto(at(path, language).replace(/(.)\/$/, '$1'));
        const figure = page.locator('main figure:has(picture)');
        const image = figure.locator('img');
        await expect(image).toHaveCount(1);
        await expect(image).toHaveAttribute('alt', new RegExp(alt[language]));
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(1000);
        // The file the browser chose is this view's, in this language and theme, as AVIF.
        const chosen = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
        expect(chosen).toMatch(new RegExp(`/${view}\\.${language}\\.${theme}\\.[^/]+\\.avif$`));
        await expect(figure.locator('figcaption')).not.toBeEmpty();
      }
      await context.close();
    }
  });
}

test('the home hero picture loads first; the product pages load theirs when near', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('section[aria-labelledby="page-heading"] img');
  await expect(hero).toHaveAttribute('loading', 'eager');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  for (const path of ['/linux', '/kubernetes']) {
    await page.goto(path);
    await expect(page.locator('#portal img')).toHaveAttribute('loading', 'lazy');
  }
});

/** Every link of a navigation leads somewhere: another page that answers, or a section on this one. */
async function expectLinksResolve(page: Page, links: { name: string; href: string }[]) {
  const nav = page.getByRole('navigation', { name: 'Tidewatch Linux' });
  for (const { name, href } of links) {
    const link = nav.getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('href', href);
    const [target, anchor] = href.split('#');
    if (target) {
      const response = await page.request.get(target);
      expect(response.status(), href).toBe(200);
      if (anchor) expect(await response.text(), href).toContain(`id="${anchor}"`);
    } else {
      await link.click();
      await expect(page).toHaveURL(new RegExp(`#${anchor}$`));
      await expect(page.locator(`#${anchor}`)).toBeInViewport();
    }
  }
}

test('the Linux page has its own navigation under the site navigation', async ({ page }) => {
  await page.goto('/linux');
  await expectLinksResolve(page, [
    { name: 'Home', href: '/' },
    { name: 'Enterprise Support', href: '#enterprise-support' },
    { name: 'Contact Us', href: '/about-us#contact-form' },
  ]);
  await page.goto('/da/linux');
  await expectLinksResolve(page, [
    { name: 'Forside', href: '/da' },
    { name: 'Enterprise-support', href: '#enterprise-support' },
    { name: 'Kontakt os', href: '/da/about-us#contact-form' },
  ]);
});

test('the Linux page shows apps from the catalogue by category and leads to the full list', async ({
  page,
}) => {
  await page.goto('/linux');
  const apps = page.locator('#supported-apps');
  for (const category of ['Communication', 'Databases', 'Storage', 'Web Servers']) {
    await expect(apps.getByRole('heading', { level: 3, name: category })).toBeVisible();
  }
  await expect(apps.getByText('PostgreSQL', { exact: true })).toBeVisible();
  await expect(apps.getByRole('link', { name: 'Browse the full catalogue' })).toHaveAttribute(
    'href',
    '/features',
  );

  await page.goto('/da/linux');
  await expect(page.getByRole('heading', { level: 3, name: 'Databaser' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Se hele kataloget' })).toHaveAttribute('href', '/da/features');
});

test('the careers page lists the openings, each with its description and a way to apply', async ({
  page,
}) => {
  await page.goto('/careers');
  const openings = page.locator('#openings');
  for (const title of [
    'Linux Operations Engineer',
    'Kubernetes Platform Engineer',
    'Technical Account Manager',
  ]) {
    await expect(openings.getByRole('heading', { level: 3, name: title })).toBeVisible();
  }
  const opening = page.locator('#kubernetes-platform-engineer');
  await expect(opening.getByRole('heading', { name: 'What you will do' })).toBeHidden();
  await opening.getByText('Read the full description').click();
  await expect(opening.getByRole('heading', { level: 4, name: 'What you will do' })).toBeVisible();
  await expect(opening.getByRole('heading', { level: 4, name: 'What you bring' })).toBeVisible();
  await opening.getByRole('link', { name: 'Apply for this position: Kubernetes Platform Engineer' }).click();
  // The address names the position, and the form has it chosen.
  await expect(page).toHaveURL(/\/careers\?position=Kubernetes%20Platform%20Engineer#apply$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Apply' })).toBeInViewport();
  await formReady(page, 'job-application');
  await expect(page.getByRole('combobox', { name: 'Position' })).toHaveValue('Kubernetes Platform Engineer');

  await page.goto('/da/careers');
  await expect(page.getByRole('heading', { level: 3, name: 'Linux-driftsingeniør' })).toBeVisible();
});

test('the terms state the plan-change, cancellation and consultation rules', async ({ page }) => {
  await page.goto('/termsconditions');
  await expect(page.locator('time')).toHaveText(/\d{4}/);
  await page
    .getByRole('navigation', { name: 'Contents' })
    .getByRole('link', { name: 'Changing plans' })
    .click();
  await expect(page).toHaveURL(/#changing-plans$/);
  const article = page.getByRole('article');
  await expect(article).toContainText('An upgrade takes effect immediately.');
  await expect(article).toContainText('A downgrade takes effect at the start of the next month.');
  await expect(article).toContainText('Subscriptions are billed monthly and can be cancelled at any time.');
  await expect(article).toContainText('support ends at the end of the current billing period');
  await expect(article).toContainText('payments already made are non-refundable');
  await expect(article).toContainText('the installed setup remains on your servers');
  await expect(article).toContainText('alert handling and consultation stop');
  await expect(article).toContainText('billed per minute, per task, with a minimum of 15 minutes');
  await expect(article).toContainText('08:00 to 17:00 in your primary time zone, on business days');
  await expect(article).toContainText('Free consultation hours are used first');
  await expect(article).toContainText('exceeded only for alert handling');

  await page.goto('/da/termsconditions');
  const danish = page.getByRole('article');
  await expect(danish).toContainText('En opgradering træder i kraft med det samme.');
  await expect(danish).toContainText('En nedgradering træder i kraft ved starten af næste måned.');
  await expect(danish).toContainText('den installerede opsætning bliver på dine servere');
});
