import { describe, expect, it } from 'vitest';
import { json, useTestApp } from './helpers';

const t = useTestApp();

type Customers = { data: { id: string; company_name: string; subscribed_certname_count: object }[] };

describe('GET /api/customer_details', () => {
  it('shows staff every customer', async () => {
    for (const email of ['admin@tidewatch.example', 'finance@tidewatch.example']) {
      const browser = await t.signedIn(email);
      const body = json<Customers>(await browser.request('/api/customer_details'));
      expect(body.data.map((customer) => customer.id).sort(), email).toEqual([
        'acmecorp',
        'globexco',
        'tidewatchmon',
      ]);
    }
  });

  it("shows a customer's users their own customer only", async () => {
    for (const email of ['manager@acme.example', 'user@acme.example']) {
      const browser = await t.signedIn(email);
      const body = json<Customers>(await browser.request('/api/customer_details'));
      expect(body.data.map((customer) => customer.id)).toEqual(['acmecorp']);
      expect(body.data[0]).toMatchObject({
        company_name: 'Acme Corp',
        subscribed_certname_count: { k8s: 3, server: 36, total: 39 },
      });
    }
  });

  it('answers 401 signed out', async () => {
    expect((await t.browser().request('/api/customer_details')).statusCode).toBe(401);
  });
});

describe('GET /api/customer/{id}/billing', () => {
  it("answers a user's own customer", async () => {
    const browser = await t.signedIn('user@acme.example');
    const response = await browser.request('/api/customer/acmecorp/billing');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ id: 'acmecorp', vat_id: 'DK12345678', billing_language: 'da' });
  });

  it("answers 404 for another customer's id, never its data", async () => {
    const browser = await t.signedIn('manager@acme.example');
    const response = await browser.request('/api/customer/globexco/billing');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Globex');
  });

  it('lets staff read any customer, and answers 404 for an unknown one', async () => {
    const finance = await t.signedIn('finance@tidewatch.example');
    expect((await finance.request('/api/customer/globexco/billing')).statusCode).toBe(200);
    expect((await finance.request('/api/customer/nosuchco/billing')).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id and 401 signed out', async () => {
    const browser = await t.signedIn('manager@acme.example');
    expect((await browser.request('/api/customer/NOT_AN_ID/billing')).statusCode).toBe(400);
    expect((await t.browser().request('/api/customer/acmecorp/billing')).statusCode).toBe(401);
  });
});

describe('GET /api/users', () => {
  type Users = { data: { 'user/email': string; 'customer/id': string }[] };

  it("lists a customer manager's own users", async () => {
    const browser = await t.signedIn('manager@acme.example');
    const body = json<Users>(await browser.request('/api/users'));
    expect(body.data.map((user) => user['user/email']).sort()).toEqual([
      'dora@acme.example',
      'ivar@acme.example',
      'manager@acme.example',
      'user@acme.example',
    ]);
  });

  it("refuses a customer manager another customer's users", async () => {
    const browser = await t.signedIn('manager@acme.example');
    expect((await browser.request('/api/users?customer_id=globexco')).statusCode).toBe(404);
  });

  it("lists staff by default and any customer's users on request for admins", async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const staff = json<Users>(await admin.request('/api/users'));
    expect(staff.data.every((user) => user['customer/id'] === 'tidewatchmon')).toBe(true);
    const globex = json<Users>(await admin.request('/api/users?customer_id=globexco'));
    expect(globex.data.map((user) => user['user/email'])).toEqual(['manager@globex.example']);
  });

  it('refuses users without user management', async () => {
    for (const email of ['user@acme.example', 'finance@tidewatch.example', 'security@tidewatch.example']) {
      const browser = await t.signedIn(email);
      expect((await browser.request('/api/users')).statusCode, email).toBe(403);
    }
    expect((await t.browser().request('/api/users')).statusCode).toBe(401);
  });
});

describe('GET /api/user/{id}/info', () => {
  async function idOf(email: string) {
    const admin = await t.signedIn('admin@tidewatch.example');
    const users = json<{ data: { 'user/id': string; 'user/email': string }[] }>(
      await admin.request(
        `/api/users?customer_id=${email.endsWith('globex.example') ? 'globexco' : 'acmecorp'}`,
      ),
    );
    return users.data.find((user) => user['user/email'] === email)?.['user/id'] ?? '';
  }

  it("answers the name of a user of one's own customer", async () => {
    const browser = await t.signedIn('user@acme.example');
    const response = await browser.request(`/api/user/${await idOf('manager@acme.example')}/info`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ name: 'Frank Miller' });
  });

  it("answers 404 for another customer's user", async () => {
    const browser = await t.signedIn('manager@acme.example');
    expect((await browser.request(`/api/user/${await idOf('manager@globex.example')}/info`)).statusCode).toBe(
      404,
    );
  });

  it('answers staff about anyone, 400 for a malformed id and 401 signed out', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    expect((await admin.request(`/api/user/${await idOf('manager@globex.example')}/info`)).statusCode).toBe(
      200,
    );
    expect((await admin.request('/api/user/42/info')).statusCode).toBe(400);
    expect((await t.browser().request(`/api/user/${await idOf('user@acme.example')}/info`)).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/products', () => {
  it('lists subscriptions and hourly consultation for signed-in users', async () => {
    const browser = await t.signedIn('user@acme.example');
    const products = json<
      { id: string; unit: string; subscription: boolean; active: boolean; price_eur: number }[]
    >(await browser.request('/api/products'));
    const hourly = products.filter(
      (product) => product.unit === 'hours' && !product.subscription && product.active,
    );
    expect(hourly.map((product) => product.id).sort()).toEqual([
      'consultation-level-1-onsite',
      'consultation-level-1-remote',
      'consultation-level-2-onsite',
      'consultation-level-2-remote',
      'consultation-level-3-onsite',
      'consultation-level-3-remote',
    ]);
    expect(products.find((product) => product.id === 'basic-per-server')?.price_eur).toBe(29);
    expect(products.find((product) => product.id === 'consultation-level-2-onsite')?.price_eur).toBe(96);
  });

  it('answers 401 signed out', async () => {
    expect((await t.browser().request('/api/products')).statusCode).toBe(401);
  });
});

describe('GET /api/timezone', () => {
  it('lists IANA time zones to anyone', async () => {
    const zones = json<string[]>(await t.browser().request('/api/timezone'));
    expect(zones).toContain('Europe/Copenhagen');
    expect(zones).toContain('UTC');
    expect(zones.length).toBeGreaterThan(300);
  });
});

describe('GET /api/tags/team/customer/{customer_id}', () => {
  it("lists a customer's teams by name, with their time zones", async () => {
    const browser = await t.signedIn('user@acme.example');
    const response = await browser.request('/api/tags/team/customer/acmecorp');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      data: [
        { name: 'Data Engineering', timezone: 'Europe/London' },
        { name: 'Platform', timezone: 'Europe/Copenhagen' },
        { name: 'Web Shop', timezone: 'Europe/Copenhagen' },
      ],
    });
  });

  it("answers 404 for another customer's teams, and staff any customer's", async () => {
    const browser = await t.signedIn('manager@acme.example');
    expect((await browser.request('/api/tags/team/customer/globexco')).statusCode).toBe(404);
    const admin = await t.signedIn('admin@tidewatch.example');
    expect(json(await admin.request('/api/tags/team/customer/globexco'))).toEqual({
      data: [{ name: 'Operations', timezone: 'Europe/Berlin' }],
    });
  });

  it('answers 400 for a malformed id and 401 signed out', async () => {
    const browser = await t.signedIn('manager@acme.example');
    expect((await browser.request('/api/tags/team/customer/Not%20An%20Id')).statusCode).toBe(400);
    expect((await t.browser().request('/api/tags/team/customer/acmecorp')).statusCode).toBe(401);
  });
});
