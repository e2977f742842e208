import { type APIRequestContext, test as base, expect, type Page, request } from '@playwright/test';
import type { CreateCustomerBody, CustomerRecord } from '../../packages/contract/src/customers';
import { mailDir } from './e2e-server';
import { DEMO_PASSWORD, signIn } from './portal';
import { linkIn, waitForMail } from './smtp-capture';

/** The demo staff member who creates the customers of their own. */
const CREATOR = 'admin@tidewatch.example';
const OWN_PASSWORD = 'a customer of its own for one test';

export interface OwnUser {
  name: string;
  email: string;
  password: string;
}

export interface OwnCustomer {
  id: string;
  company: string;
  /** Its first user, a customer manager with a password set from the mailed welcome link. */
  manager: OwnUser;
  /** Signs the page in as the customer's manager. */
  signInAsManager(page: Page): Promise<void>;
  /** A server registered as the install script registers it, pinging as its agent; answers its certname. */
  addServer(hostname: string, options?: { plan?: CustomerRecord['plan'] }): Promise<string>;
  /** A plain tag of the customer's. */
  addTag(name: string): Promise<void>;
  /** Demo staff signed in through the API, for anything else the test needs made. */
  staff: APIRequestContext;
}

const xsrfIn = (state: { cookies: { name: string; value: string }[] }) =>
  decodeURIComponent(state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');

/** A request context that has its XSRF cookie and sends it back on every write, as the portal does. */
async function requestWithXsrf(baseURL: string, signInAs?: { email: string; password: string }) {
  const opening = await request.newContext({ baseURL });
  await opening.get('/api/auth');
  if (signInAs) {
    const answer = await opening.post('/api/auth', {
      data: signInAs,
      headers: { 'x-xsrf-token': xsrfIn(await opening.storageState()) },
    });
    expect(answer.status(), `signing ${signInAs.email} in`).toBe(200);
  }
  // Signing in binds a new token to the session: the context sends the one it holds now.
  const storageState = await opening.storageState();
  await opening.dispose();
  return request.newContext({
    baseURL,
    storageState,
    extraHTTPHeaders: { 'x-xsrf-token': xsrfIn(storageState) },
  });
}

/** 6 to 10 lowercase letters and digits, as customer ids are: the test's own id, its repeat, retry and worker. */
function ownId(testId: string, repeat: number, retry: number, worker: number): string {
  const testPart = testId.replace(/[^a-z0-9]/g, '').slice(-5);
  return `t${testPart}${repeat.toString(36)}${retry.toString(36)}${worker.toString(36)}`.slice(0, 10);
}

/** Creates the customer as staff do, and sets its first user's password from the mailed link. */
async function createOwnCustomer(
  staff: APIRequestContext,
  baseURL: string,
  id: string,
): Promise<OwnCustomer> {
  const company = `Own Customer ${id}`;
  const manager: OwnUser = { name: `Manager ${id}`, email: `manager@${id}.example`, password: OWN_PASSWORD };
  const body: CreateCustomerBody = {
    company_name: company,
    id,
    plan: 'silver',
    country: 'DK',
    timezone: 'Europe/Copenhagen',
    alert_email: `alerts@${id}.example`,
    billing_address: `Havnegade ${id}\n1058 København K`,
    billing_email: `invoices@${id}.example`,
    billing_language: 'en',
    vat_id: undefined,
    invoice_day_of_month: 1,
    credit_days: 30,
    user_name: manager.name,
    user_email: manager.email,
    user_language: 'en',
  };
  const asked = Date.now();
  const created = await staff.post('/api/customers', { data: body });
  expect(created.ok(), await created.text()).toBe(true);

  const welcome = await waitForMail(mailDir(), manager.email, { after: asked });
  const token = linkIn(welcome, '/set-password').searchParams.get('token');
  const anonymous = await requestWithXsrf(baseURL);
  const set = await anonymous.post('/api/auth/password/reset', {
    data: { token, password: manager.password },
  });
  expect(set.ok(), await set.text()).toBe(true);
  await anonymous.dispose();

  return {
    id,
    company,
    manager,
    staff,
    async signInAsManager(page) {
      const answer = await signIn(page, manager.email, { password: manager.password });
      expect(answer.status()).toBe(200);
    },
    async addTag(name) {
      const created = await staff.post(`/api/customer/${id}/tags`, { data: { name, type: 'plain' } });
      expect(created.ok(), await created.text()).toBe(true);
    },
    async addServer(hostname, options = {}) {
      const planned = await staff.post(`/api/customer/${id}/install-tokens`, {
        data: { hostname, plan: options.plan ?? null, roles: [] },
      });
      expect(planned.ok(), await planned.text()).toBe(true);
      const { token: installToken, certname } = (await planned.json()) as { token: string; certname: string };
      // What the install script and then the agent send: a bearer token, no session.
      const agent = await request.newContext({ baseURL });
      const install = { authorization: `Bearer ${installToken}` };
      const verified = await agent.post('/api/agent/install/verify', {
        headers: install,
        data: { customer_id: id },
      });
      expect(verified.status(), await verified.text()).toBe(200);
      const registered = await agent.post('/api/agent/install/register', {
        headers: install,
        data: { customer_id: id, facts: { os_family: 'debian', distribution: 'debian', version: '12' } },
      });
      expect(registered.status(), await registered.text()).toBe(200);
      const { credential } = (await registered.json()) as { credential: string };
      const pinged = await agent.post('/api/agent/ping', {
        headers: { authorization: `Bearer ${credential}` },
        data: {},
      });
      expect(pinged.status(), await pinged.text()).toBe(200);
      await agent.dispose();
      return certname;
    },
  };
}

/**
 * `ownCustomer`: a customer made for one test through the API, so the test changes nothing
 * another test reads. No route closes a customer, so it stays behind under a name no other test
 * uses, in the worker's database that the run throws away (decision 0091).
 */
export const test = base.extend<{ ownCustomer: OwnCustomer }>({
  ownCustomer: async ({ baseURL }, use, testInfo) => {
    if (!baseURL)
      throw new Error('The end-to-end tests run through their Playwright config, which sets baseURL');
    const staff = await requestWithXsrf(baseURL, { email: CREATOR, password: DEMO_PASSWORD });
    const id = ownId(testInfo.testId, testInfo.repeatEachIndex, testInfo.retry, testInfo.parallelIndex);
    await use(await createOwnCustomer(staff, baseURL, id));
    await staff.dispose();
  },
});

export { expect };
