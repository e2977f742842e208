import { mailDir } from '../support/e2e-server';
import { formReady } from '../support/forms';
import { expect, test } from '../support/own-customer';
import { linkIn, waitForMail } from '../support/smtp-capture';

const NEW_PASSWORD = 'harbour lights at dawn';

test('forgot password → mail → set a new password → log in → the portal', async ({ page, ownCustomer }) => {
  // The password changed is that of a user of the test's own customer, whom no other test signs in as.
  const { email } = ownCustomer.manager;
  const asked = Date.now();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await formReady(page, 'forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toContainText('Check your email for instruction');

  const mail = await waitForMail(mailDir(), email, { after: asked });
  expect(mail.subject).toBe('Set your Tidewatch password');
  const link = linkIn(mail, '/set-password');
  await page.goto(link.pathname + link.search);
  await formReady(page, 'set-password');
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Use at least 12 characters')).toBeVisible();
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Password Set Successfully');

  // The link worked once.
  await page.goto(link.pathname + link.search);
  await formReady(page, 'set-password');
  await page.getByLabel('New password').fill('another long passphrase');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toContainText('Error Resetting Password');
  // The page says how long the link works as the mail does, and where to get a new one.
  await expect(page.getByText('The link from the mail works once')).toContainText(
    '1 hour to reset a password',
  );
  expect(mail.text).toContain('within 60 minutes');
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // The same used link on the Danish page: the server's refusal in Danish.
  await page.goto(`/da${link.pathname}${link.search}`);
  await formReady(page, 'set-password');
  await page.getByLabel('Ny adgangskode').fill('en anden lang sætning');
  await page.getByRole('button', { name: 'Gem adgangskode' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Fejl ved nulstilling af adgangskode');
  await expect(alert).toContainText('Linket er udløbet eller allerede brugt. Bed om et nyt.');
  await expect(alert).not.toContainText('This link');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `/tmp/signup-shots/set-password-used-da-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto('/login');
  await formReady(page, 'login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/servers$/);
});

test('an unknown address gets the same answer, and a mail without a link saying no account has it', async ({
  page,
}) => {
  const asked = Date.now();
  await page.goto('/da/forgot-password');
  await formReady(page, 'forgot-password');
  await page.getByLabel('E-mail').fill('nobody@nowhere.example');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toContainText('Tjek din e-mail for instruktioner');
  const mail = await waitForMail(mailDir(), 'nobody@nowhere.example', { after: asked });
  expect(mail.subject).toBe('Ingen Tidewatch-konto har denne adresse');
  expect(mail.text).not.toContain('/set-password');
});
