import {
  type APIRequestContext,
  test as base,
  expect,
  type Page,
  request,
  type TestInfo,
} from '@playwright/test';
import type { CreateCustomerBody, CustomerRecord } from '../../packages/contract/src/customers';
import type { WindowSettings } from '../../packages/contract/src/service-windows';
import type { TagDetail } from '../../packages/contract/src/tags';
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
  /**
   * An update group over these servers, its window set by staff as the form sets it (the windows
   * it books follow); answers the group's tag id.
   */
  addUpdateGroup(name: string, settings: WindowSettings, certnames: string[]): Promise<string>;
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
function ownId(testInfo: TestInfo): string {
  const testPart = testInfo.testId.replace(/[^a-z0-9]/g, '').slice(-5);
  const runPart = [testInfo.repeatEachIndex, testInfo.retry, testInfo.parallelIndex].map((n) =>
    n.toString(36),
  );
  return `t${testPart}${runPart.join('')}`.slice(0, 9);
}

function serverOf(baseURL: string | undefined): string {
  if (!baseURL)
    throw new Error('The end-to-end tests run through their Playwright config, which sets baseURL');
  return baseURL;
}

/** Sets a new user's password from the link in the mail the invitation sent after `asked`. */
async function setPasswordFromMail(baseURL: string, user: OwnUser, asked: number) {
  const mail = await waitForMail(mailDir(), user.email, { after: asked });
  const token = linkIn(mail, '/set-password').searchParams.get('token');
  const anonymous = await requestWithXsrf(baseURL);
  const set = await anonymous.post('/api/auth/password/reset', { data: { token, password: user.password } });
  expect(set.ok(), await set.text()).toBe(true);
  await anonymous.dispose();
}

async function createTag(
  staff: APIRequestContext,
  customerId: string,
  tag: { name: string; type: TagDetail['type']; timezone?: string },
): Promise<TagDetail> {
  const created = await staff.post(`/api/customer/${customerId}/tags`, { data: tag });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as TagDetail;
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

  await setPasswordFromMail(baseURL, manager, asked);

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
      await createTag(staff, id, { name, type: 'plain' });
    },
    async addUpdateGroup(name, settings, certnames) {
      const group = await createTag(staff, id, { name, type: 'update_group', timezone: settings.timezone });
      const tagged = await staff.post(`/api/customer/${id}/servers/bulk-tags`, {
        data: { certnames, add: [name] },
      });
      expect(tagged.ok(), await tagged.text()).toBe(true);
      const configured = await staff.put(`/api/customer/${id}/service-window/configurations/${group.id}`, {
        data: settings,
      });
      expect(configured.ok(), await configured.text()).toBe(true);
      return group.id;
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

/** The demo master, who invites staff. */
const MASTER = 'master@tidewatch.example';

/** Invites a staff member as a master does, and sets their password from the mailed link. */
async function inviteOwnStaff(
  baseURL: string,
  id: string,
  options: { roles: string[]; language: 'en' | 'da' },
): Promise<OwnUser> {
  const member: OwnUser = {
    name: `Staff ${id}`,
    email: `staff-${id}@tidewatch.example`,
    password: OWN_PASSWORD,
  };
  const master = await requestWithXsrf(baseURL, { email: MASTER, password: DEMO_PASSWORD });
  const asked = Date.now();
  const invited = await master.post('/api/staff', {
    data: { name: member.name, email: member.email, language: options.language, roles: options.roles },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  await master.dispose();
  await setPasswordFromMail(baseURL, member, asked);
  return member;
}

/**
 * `ownCustomer`: a customer made for one test through the API, so the test changes nothing
 * another test reads. No route closes a customer, so it stays behind under a name no other test
 * uses, in the worker's database that the run throws away (decision 0091).
 */
export const test = base.extend<{
  ownCustomer: OwnCustomer;
  ownStaff: (roles: string[], language?: 'en' | 'da') => Promise<OwnUser>;
}>({
  ownCustomer: async ({ baseURL }, use, testInfo) => {
    const server = serverOf(baseURL);
    const staff = await requestWithXsrf(server, { email: CREATOR, password: DEMO_PASSWORD });
    await use(await createOwnCustomer(staff, server, ownId(testInfo)));
    await staff.dispose();
  },
  /** Staff members of the test's own, for work that is per person (time registration): invited, never removed. */
  ownStaff: async ({ baseURL }, use, testInfo) => {
    const server = serverOf(baseURL);
    let invited = 0;
    await use(async (roles, language = 'en') => {
      invited += 1;
      return inviteOwnStaff(server, `${ownId(testInfo)}${invited}`, { roles, language });
    });
  },
});

export { expect };
