import { expect, type Page, test } from '@playwright/test';
import { TERMS_VERSION } from '@tidewatch/content';
import { violations } from '../support/axe';
import { mailDir } from '../support/e2e-server';
import { formReady } from '../support/forms';
import { linkIn, waitForMail } from '../support/smtp-capture';

/** The page at a desktop's and a phone's width, for looking at. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `/tmp/signup-shots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function fillAccountStep(page: Page, email: string) {
  await formReady(page, 'sign-up-account');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Company name').fill('Analytical Engines');
  await page.getByLabel('Country').selectOption('DK');
  await page.getByLabel('Time zone').selectOption('Europe/Copenhagen');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('sign up → confirm from the mail with a password → log in → the portal', async ({ page }) => {
  const email = `ada+${Date.now()}@engines.example`;
  const started = Date.now();
  await page.goto('/sign-up');
  await fillAccountStep(page, email);

  await expect(page.getByText('Step 2 of 2: billing')).toBeVisible();
  // Going back keeps what was typed.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Company name')).toHaveValue('Analytical Engines');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Copenhagen');
  await expect(page.getByLabel('Time zone').locator('option:checked')).toHaveText(
    /^Europe\/Copenhagen \(GMT\+[12]\)$/,
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('Invoices go here: use an address that is reliable and monitored.'),
  ).toBeVisible();

  const signUpRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/sign-up')) signUpRequests.push(request.url());
  });

  await page.getByLabel('Address').fill('Strandvejen 1');
  await page.getByLabel('City').fill('Hellerup');
  await page.getByLabel('Postal code').fill('2900');
  await page.getByLabel('VAT identification number (optional)').fill('DE123456789');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The terms were not accepted: said at the checkbox, which the error describes.
  const terms = page.getByRole('checkbox', {
    name: /^I accept the terms and conditions and the privacy policy/,
  });
  await expect(terms).toHaveAttribute('aria-invalid', 'true');
  await expect(terms).toHaveAccessibleDescription(
    'Accept the terms and conditions and the privacy policy to create your account',
  );
  await shoot(page, 'sign-up-terms-refused-en');

  // The terms open in a new tab, dated as the version a sign-up records; the form keeps what was typed.
  const [termsTab] = await Promise.all([
    page.waitForEvent('popup'),
    page.locator('form#sign-up-billing').getByRole('link', { name: 'terms and conditions' }).click(),
  ]);
  await expect(termsTab).toHaveURL(/\/termsconditions$/);
  await expect(termsTab.locator('time')).toHaveAttribute('datetime', TERMS_VERSION);
  await termsTab.close();
  await expect(
    page.locator('form#sign-up-billing').getByRole('link', { name: 'privacy policy' }),
  ).toHaveAttribute('href', '/privacy');
  await expect(page.getByLabel('Postal code')).toHaveValue('2900');

  // Ticked from the keyboard.
  await terms.focus();
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('This is not a VAT number of the country you chose')).toBeVisible();
  // The browser knew the country from step one and saw the terms unticked: nothing was sent.
  expect(signUpRequests).toEqual([]);
  await page.getByLabel('VAT identification number (optional)').fill('DK13585628');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('status')).toContainText('Check your email to confirm');

  // The mail proves the address and repeats nothing that was typed into the form.
  const mail = await waitForMail(mailDir(), email, { after: started });
  expect(mail.subject).toBe('Confirm your Tidewatch sign-up');
  expect(mail.text).not.toContain('Analytical Engines');
  expect(mail.text).not.toContain('Ada');
  const link = linkIn(mail, '/confirm-sign-up');
  await page.goto(link.pathname + link.search);
  await formReady(page, 'confirm-sign-up');
  await page.getByLabel('New password').fill('engines all the way down');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Account Created');

  // The link worked once, and says so.
  const again = await page.context().newPage();
  await again.goto(link.pathname + link.search);
  await formReady(again, 'confirm-sign-up');
  await again.getByLabel('New password').fill('another long passphrase');
  await again.getByRole('button', { name: 'Set password' }).click();
  await expect(again.getByRole('alert')).toContainText('Error Creating Account');
  await expect(again.getByRole('alert')).toContainText('This link has expired or was used already.');
  await again.close();

  await page.getByRole('link', { name: 'Log in with your new password' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('engines all the way down');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/servers$/);
  await expect(page.getByTestId('user-menu')).toContainText('Ada Lovelace');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Users/ }),
  ).toBeVisible();
});

test('an address that already has an account gets the same answer, and its owner a mail', async ({
  page,
}) => {
  const started = Date.now();
  await page.goto('/da/sign-up');
  await formReady(page, 'sign-up-account');
  await page.getByRole('textbox', { name: 'Navn', exact: true }).fill('Someone');
  await page.getByLabel('Virksomhedsnavn').fill('Copycat ApS');
  await page.getByLabel('Land').selectOption('DK');
  // Time zones come from the server; choosing one waits for them.
  await page.getByLabel('Tidszone').selectOption('Europe/Copenhagen');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('manager@globex.example');
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await page.getByLabel('Adresse').fill('Vej 1');
  await page.getByRole('textbox', { name: 'By', exact: true }).fill('København');
  await page.getByLabel('Postnummer').fill('1000');
  await page.getByRole('checkbox', { name: /^Jeg accepterer vilkårene/ }).check();
  await page.getByRole('button', { name: 'Opret konto' }).click();
  await expect(page.getByRole('status')).toContainText('Tjek din e-mail for at bekræfte');
  const mail = await waitForMail(mailDir(), 'manager@globex.example', { after: started });
  expect(mail.subject).toBe('You already have a Tidewatch account');
});

test('choosing a country preselects its time zone; the list uses common names in both languages', async ({
  page,
}) => {
  const zoneRequests: string[] = [];
  page.on(
    'request',
    (request) => request.url().includes('/api/system/timezones') && zoneRequests.push(request.url()),
  );
  await page.goto('/sign-up');
  await formReady(page, 'sign-up-account');
  // The 400 zones are asked for when the visitor first touches the form, not while the page loads.
  expect(zoneRequests).toEqual([]);
  const country = page.getByLabel('Country');
  await expect(country).toHaveAttribute('autocomplete', 'country');
  await country.selectOption('NO');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Oslo');
  await country.selectOption('DK');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Copenhagen');
  // A zone chosen by hand that the country uses stays chosen.
  await country.selectOption('US');
  await page.getByLabel('Time zone').selectOption('America/Chicago');
  await country.selectOption('US');
  await expect(page.getByLabel('Time zone')).toHaveValue('America/Chicago');
  const names = await country.locator('option').allTextContents();
  expect(names).toContain('China');
  expect(names).not.toContain("People's Republic of China");

  await page.goto('/da/sign-up');
  await formReady(page, 'sign-up-account');
  const danish = await page.getByLabel('Land').locator('option').allTextContents();
  expect(danish).toContain('Kina');
  expect(danish).not.toContain('Nederlandske Antiller');
  expect(danish.indexOf('Østrig')).toBeGreaterThan(danish.indexOf('Zimbabwe'));
});

test('the time zone becomes the visitor’s own when they first touch the form; prices read as the page’s language', async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await page.goto('/da/sign-up');
  await formReady(page, 'sign-up-account');
  // The built page and its hydration agree on where the zone starts; the browser is asked only on touch.
  await expect(page.getByLabel('Tidszone')).toHaveValue('UTC');
  await page.getByRole('textbox', { name: 'Navn', exact: true }).focus();
  await expect(page.getByLabel('Tidszone')).toHaveValue('Asia/Tokyo');
  // A zone the visitor has chosen is not taken back by the next touch.
  await page.getByLabel('Tidszone').selectOption('Europe/Copenhagen');
  await page.getByLabel('Virksomhedsnavn').focus();
  await expect(page.getByLabel('Tidszone')).toHaveValue('Europe/Copenhagen');
  await expect(page.getByLabel('Plan efter prøven').locator('option', { hasText: 'Gold' })).toHaveText(
    'Gold, 129 € pr. server eller node om måneden',
  );
  await context.close();
});

test('the plan chosen on the pricing page is carried into sign-up, can be changed, and is stored as the plan the trial converts to', async ({
  page,
}) => {
  const email = `grace+${Date.now()}@engines.example`;
  const started = Date.now();
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Choose Gold' }).click();
  await expect(page).toHaveURL(/\/sign-up\?plan=gold$/);
  await formReady(page, 'sign-up-account');
  const plan = page.getByLabel('Plan after the trial');
  await expect(plan.locator('option:checked')).toHaveText('Gold, €129 per server or node a month');
  await plan.selectOption('silver');
  await fillAccountStep(page, email);
  await expect(page.getByTestId('chosen-plan')).toHaveText(
    'Plan after the trial: Silver. Go Back to change it.',
  );
  // Back and forth keeps the choice.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(plan).toHaveValue('silver');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Address').fill('Strandvejen 1');
  await page.getByLabel('City').fill('Hellerup');
  await page.getByLabel('Postal code').fill('2900');
  await page.getByRole('checkbox', { name: /^I accept the terms/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('status')).toContainText('Check your email to confirm');

  const link = linkIn(await waitForMail(mailDir(), email, { after: started }), '/confirm-sign-up');
  await page.goto(link.pathname + link.search);
  await formReady(page, 'confirm-sign-up');
  await page.getByLabel('New password').fill('engines all the way down');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Account Created');
  await page.getByRole('link', { name: 'Log in with your new password' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('engines all the way down');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/servers$/);

  // What the server stored: a Basic trial that converts to Silver.
  const details = await page.request.get('/api/customer_details');
  const [customer] = (await details.json()).data;
  expect(customer.trial).toMatchObject({ plan: 'basic', converts_to: 'silver' });
});

test('an unknown plan in the address leaves the choice for later', async ({ page }) => {
  await page.goto('/da/sign-up?plan=tin');
  await formReady(page, 'sign-up-account');
  await expect(page.getByLabel('Plan efter prøven').locator('option:checked')).toHaveText('Vælg senere');
});

test('a Danish sign-up asks for the terms in Danish, and its used link is refused in Danish', async ({
  page,
}) => {
  const email = `karen+${Date.now()}@rungstedlund.example`;
  const started = Date.now();
  await page.goto('/da/sign-up');
  await formReady(page, 'sign-up-account');
  await page.getByRole('textbox', { name: 'Navn', exact: true }).fill('Karen Blixen');
  await page.getByLabel('Virksomhedsnavn').fill('Rungstedlund ApS');
  await page.getByLabel('Tidszone').selectOption('Europe/Copenhagen');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await page.getByLabel('Adresse').fill('Rungsted Strandvej 111');
  await page.getByRole('textbox', { name: 'By', exact: true }).fill('Rungsted Kyst');
  await page.getByLabel('Postnummer').fill('2960');
  await page.getByRole('button', { name: 'Opret konto' }).click();
  const terms = page.getByRole('checkbox', {
    name: /^Jeg accepterer vilkårene og betingelserne og privatlivspolitikken/,
  });
  await expect(terms).toHaveAccessibleDescription(
    'Acceptér vilkårene og betingelserne og privatlivspolitikken for at oprette din konto',
  );
  await expect(page.getByRole('link', { name: 'vilkårene og betingelserne' })).toHaveAttribute(
    'href',
    '/da/termsconditions',
  );
  await expect(page.getByRole('link', { name: 'privatlivspolitikken' })).toHaveAttribute('target', '_blank');
  await shoot(page, 'sign-up-terms-refused-da');
  // The box, its links and its error meet WCAG AA.
  expect(await violations(page)).toEqual([]);
  await terms.check();
  await shoot(page, 'sign-up-terms-accepted-da');
  await page.getByRole('button', { name: 'Opret konto' }).click();
  await expect(page.getByRole('status')).toContainText('Tjek din e-mail for at bekræfte');

  const link = linkIn(await waitForMail(mailDir(), email, { after: started }), '/confirm-sign-up');
  expect(link.pathname).toBe('/da/confirm-sign-up');
  await page.goto(link.pathname + link.search);
  await formReady(page, 'confirm-sign-up');
  await page.getByLabel('Ny adgangskode').fill('udenfor er der sne');
  await page.getByRole('button', { name: 'Gem adgangskode' }).click();
  await expect(page.getByRole('status')).toContainText('Konto oprettet');

  await page.goto(link.pathname + link.search);
  await formReady(page, 'confirm-sign-up');
  await page.getByLabel('Ny adgangskode').fill('endnu en lang sætning');
  await page.getByRole('button', { name: 'Gem adgangskode' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Fejl ved oprettelse af konto');
  await expect(alert).toContainText('Linket er udløbet eller allerede brugt. Bed om et nyt.');
  await expect(alert).not.toContainText('This link');
  await shoot(page, 'confirm-sign-up-used-da');
});
