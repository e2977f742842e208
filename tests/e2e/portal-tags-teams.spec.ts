import type { Page } from '@playwright/test';
import { expect, test } from '../support/own-customer';
import { chooseCustomer, pickSearchable, signIn } from '../support/portal';

const dialog = (page: Page) => page.getByRole('dialog');

test.describe('tags', () => {
  test('a manager creates, renames and deletes a tag, and adds and removes a member', async ({
    page,
    ownCustomer,
  }) => {
    const server = await ownCustomer.addServer('files-01');
    const cluster = await ownCustomer.staff.post(`/api/customer/${ownCustomer.id}/clusters`, {
      data: { name: 'data-platform', type: 'workload', provider: 'aws', plan: 'bronze' },
    });
    expect(cluster.ok()).toBe(true);
    const clusterName = `data-platform.${ownCustomer.id}`;
    await ownCustomer.signInAsManager(page);
    await page.goto('/customer/tags');

    await page.getByRole('button', { name: 'New tag' }).click();
    await dialog(page).getByLabel('Name').fill('rack-7');
    await dialog(page).getByLabel('Type').selectOption({ label: 'Team' });
    await dialog(page).getByRole('button', { name: 'Create tag' }).click();
    // A team works in a time zone: the form asks for one before saving.
    await expect(dialog(page).getByText('Choose a time zone for a team or an update group')).toBeVisible();
    await pickSearchable(page, 'Time zone', 'Search time zones', 'Europe/Copenhagen');
    await dialog(page).getByRole('button', { name: 'Create tag' }).click();
    await expect(dialog(page)).toHaveCount(0);
    const created = page.getByRole('row', { name: /rack-7/ });
    await expect(created).toContainText('Team');
    await expect(created).toContainText('Europe/Copenhagen');

    await page.getByRole('button', { name: 'Edit rack-7' }).click();
    await dialog(page).getByLabel('Name').fill('rack-8');
    await dialog(page).getByLabel('Type').selectOption({ label: 'Plain tag' });
    await dialog(page).getByRole('button', { name: 'Save tag' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByRole('row', { name: /rack-8/ })).toContainText('Plain tag');
    await expect(page.getByRole('row', { name: /rack-7/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Members of rack-8' }).click();
    await expect(dialog(page).getByText('No server has this tag.')).toBeVisible();
    await dialog(page).getByLabel('Find by certname').fill('files-01');
    await dialog(page)
      .getByRole('button', { name: `Add server ${server} to rack-8` })
      .click();
    await expect(dialog(page).getByRole('button', { name: `Remove ${server} from rack-8` })).toBeVisible();
    await dialog(page).getByLabel('Find by certname').fill('data-platform');
    await dialog(page)
      .getByRole('button', { name: `Add cluster ${clusterName} to rack-8` })
      .click();
    await expect(
      dialog(page).getByRole('button', { name: `Remove ${clusterName} from rack-8` }),
    ).toBeVisible();
    await dialog(page)
      .getByRole('button', { name: `Remove ${clusterName} from rack-8` })
      .click();
    await expect(dialog(page).getByText('No cluster has this tag.')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    const row = page.getByRole('row', { name: /rack-8/ });
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');

    // Deleting says what it affects before anything goes.
    await page.getByRole('button', { name: 'Delete rack-8' }).click();
    await expect(dialog(page)).toContainText('It is taken off 1 server, 0 clusters and 0 contacts');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: 'Delete rack-8' }).click();
    await dialog(page).getByRole('button', { name: 'Delete tag' }).click();
    await expect(page.getByRole('row', { name: /rack-8/ })).toHaveCount(0);

    await page.goto(`/user/servers/${server}`);
    await expect(page.getByText('rack-8')).toHaveCount(0);
  });

  test('a plain customer user sees the tags and their members, but changes nothing', async ({ page }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/customer/tags');
    await expect(page.getByRole('row', { name: /Platform/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New tag' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await page.getByRole('button', { name: 'Members of Platform' }).click();
    await expect(dialog(page).getByText('files-01.acmecorp')).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(dialog(page).getByLabel('Find by certname')).toHaveCount(0);
  });
});

test.describe('teams', () => {
  test("a team's page, reached from the sidebar, shows its servers, clusters and contacts", async ({
    page,
  }) => {
    await signIn(page, 'manager@acme.example');
    await page.goto('/customer/tags');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Platform' }).click();
    await expect(page).toHaveURL(/\/customer\/teams\/Platform$/);
    await expect(page.getByRole('heading', { name: 'Platform', level: 1 })).toBeVisible();
    await expect(page.getByText('Time zone Europe/Copenhagen')).toBeVisible();

    const servers = page.getByRole('region', { name: "The team's servers" });
    await expect(servers.getByRole('rowheader', { name: 'monitor-01.acmecorp' })).toBeVisible();
    await expect(servers.getByRole('row', { name: /monitor-01\.acmecorp/ })).toContainText('Active');
    const clusters = page.getByRole('region', { name: "The team's clusters" });
    await expect(clusters.getByRole('rowheader', { name: 'office-vpn.acmecorp' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Platform on-call', level: 3 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'platform-oncall@acme.example' })).toHaveAttribute(
      'href',
      'mailto:platform-oncall@acme.example',
    );
  });

  test("a manager adds, changes and removes a team's contact", async ({ page }) => {
    const name = 'Harbour Night Desk';
    await signIn(page, 'manager@acme.example');
    await page.goto('/customer/teams/Platform');
    const contacts = page.getByRole('region', { name: 'Contacts' });
    await expect(contacts.getByRole('heading', { name: 'Platform on-call', level: 3 })).toBeVisible();

    await contacts.getByRole('button', { name: 'Add contact' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Add a contact to Platform' })).toBeVisible();
    await dialog(page).getByLabel('Name').fill(name);
    await dialog(page).getByRole('checkbox', { name: 'Technical' }).check();
    const email = dialog(page).getByLabel('Email');
    await email.fill('harbour-desk');
    await email.press('Enter');
    // The contract's rule, checked in the browser, says what is wrong under the field itself.
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter a valid email address');
    await email.fill('harbour-desk@acme.example');
    await dialog(page).getByRole('button', { name: 'Add contact' }).click();
    await expect(dialog(page)).toHaveCount(0);
    const card = contacts
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name, level: 3 }) });
    await expect(card.getByRole('link', { name: 'harbour-desk@acme.example' })).toBeVisible();
    await expect(card).toContainText('Alerts');
    await expect(card).toContainText('Technical');

    await card.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(dialog(page).getByLabel('Name')).toHaveValue(name);
    await expect(dialog(page).getByRole('checkbox', { name: 'Alerts' })).toBeChecked();
    await dialog(page).getByLabel('Phone number').fill('+45 70 99 88 77');
    await dialog(page).getByRole('button', { name: 'Save contact' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(card.getByRole('link', { name: '+45 70 99 88 77' })).toHaveAttribute(
      'href',
      'tel:+4570998877',
    );

    // Removing deletes the contact: one reached for other teams too says which before it goes.
    await contacts.getByRole('button', { name: 'Remove Mads Kjær' }).click();
    await expect(dialog(page)).toContainText('removed from every team and tag they belong to');
    await expect(dialog(page)).toContainText('Web Shop');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(dialog(page)).toContainText(`${name} is deleted and no longer reached for Platform`);
    await dialog(page).getByRole('button', { name: 'Remove contact' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(contacts.getByRole('heading', { name, level: 3 })).toHaveCount(0);
    await expect(contacts.getByRole('heading', { name: 'Mads Kjær', level: 3 })).toBeVisible();
  });

  test("a plain customer user sees a team's contacts but cannot change them", async ({ page }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/customer/teams/Platform');
    const contacts = page.getByRole('region', { name: 'Contacts' });
    await expect(contacts.getByRole('heading', { name: 'Platform on-call', level: 3 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add contact' })).toHaveCount(0);
    await expect(contacts.getByRole('button', { name: /^(Edit|Remove) / })).toHaveCount(0);
  });

  test('the teams page lists every team, and a name that is no team says so in the shell', async ({
    page,
  }) => {
    await signIn(page, 'user@acme.example');
    await page.goto('/customer/teams');
    await expect(page.getByRole('main').getByRole('link', { name: /Data Engineering/ })).toBeVisible();
    await page.goto('/customer/teams/No%20Such%20Team');
    await expect(page.getByRole('heading', { name: 'No team called “No Such Team”' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test("acme's manager sees nothing of globex's team, even by its name", async ({ page }) => {
    await signIn(page, 'manager@acme.example');
    await page.goto('/customer/teams/Operations');
    await expect(page.getByRole('heading', { name: 'No team called “Operations”' })).toBeVisible();
    await expect(page.getByText(/gx-/)).toHaveCount(0);
    await page.goto('/customer/tags');
    await expect(page.getByRole('row', { name: /Platform/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Operations|nightly|prod\b/ })).toHaveCount(0);
  });
});

test.describe('staff', () => {
  test("see a customer's pages once they choose the customer in the header", async ({ page }) => {
    await signIn(page, 'admin@tidewatch.example');
    await page.goto('/customer/tags');
    await expect(page.getByRole('heading', { name: 'Choose a customer' })).toBeVisible();
    await chooseCustomer(page, 'AC · Acme Corp');
    await expect(page.getByRole('row', { name: /Platform/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New tag' })).toBeVisible();

    await page.goto('/user/servers/merge-request?number=2');
    await expect(page.getByRole('heading', { name: /Cache sessions on the load balancer/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close without merging' })).toBeVisible();
    await page.goto('/customer/teams/Platform');
    await expect(page.getByRole('heading', { name: 'Platform', level: 1 })).toBeVisible();
  });

  test('who may only read every customer sees the switches but cannot flip them', async ({ page }) => {
    await signIn(page, 'finance@tidewatch.example');
    await page.goto('/customer/features');
    await chooseCustomer(page, 'AC · Acme Corp');
    await expect(page.getByRole('switch', { name: 'Monitoring for all servers' })).toBeDisabled();
    await page.goto('/user/clusters');
    await expect(page.getByRole('row', { name: /shop-prod\.acmecorp/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add cluster' })).toHaveCount(0);
  });
});
