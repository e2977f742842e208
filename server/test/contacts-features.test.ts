import { describe, expect, it } from 'vitest';
import { json, useTestApp } from './helpers';

const t = useTestApp();

type Contact = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  kinds: string[];
  tags: string[];
};

describe('GET /api/contacts', () => {
  it("lists a customer's contacts, or one tag's", async () => {
    const browser = await t.signedIn('user@acme.example');
    const all = json<{ data: Contact[] }>(await browser.request('/api/contacts?customer-id=acmecorp'));
    expect(all.data.map((contact) => contact.name)).toEqual([
      'Frank Miller',
      'Mads Kjær',
      'Platform on-call',
      'Priya Raman',
    ]);
    const platform = json<{ data: Contact[] }>(
      await browser.request('/api/contacts?customer-id=acmecorp&tag=Platform'),
    );
    expect(platform.data.map((contact) => [contact.name, contact.tags])).toEqual([
      ['Mads Kjær', ['Platform', 'Web Shop', 'weekly-patching']],
      ['Platform on-call', ['Platform']],
    ]);
    expect(json(await browser.request('/api/contacts?customer-id=acmecorp&tag=nope'))).toEqual({ data: [] });
    expect((await browser.request('/api/contacts?customer_id=acmecorp')).statusCode).toBe(400);
  });
});

describe('contact CRUD', () => {
  it('adds, changes and removes a contact', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const created = await manager.request('/api/customer/acmecorp/contacts', {
      method: 'POST',
      body: {
        name: 'Night Desk',
        email: 'Night@Acme.Example',
        phone: '+45 11 22 33 44',
        kinds: ['alert'],
        tags: ['Web Shop'],
      },
    });
    expect(created.statusCode).toBe(200);
    const contact = json<Contact>(created);
    expect(contact).toMatchObject({ email: 'night@acme.example', kinds: ['alert'], tags: ['Web Shop'] });
    const url = `/api/customer/acmecorp/contacts/${contact.id}`;
    const changed = await manager.request(url, {
      method: 'PATCH',
      body: { kinds: ['alert', 'technical'], tags: ['Platform', 'staging'], phone: null },
    });
    expect(json(changed)).toMatchObject({ name: 'Night Desk', phone: null, tags: ['Platform', 'staging'] });
    // A change that leaves tags out keeps them.
    const rephoned = await manager.request(url, { method: 'PATCH', body: { phone: '+45 55 66 77 88' } });
    expect(json(rephoned)).toMatchObject({ phone: '+45 55 66 77 88', tags: ['Platform', 'staging'] });
    expect((await manager.request(url, { method: 'DELETE' })).statusCode).toBe(204);
    expect((await manager.request(url, { method: 'DELETE' })).statusCode).toBe(404);
  });

  it('answers 400 with field errors for a bad contact', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const response = await manager.request('/api/customer/acmecorp/contacts', {
      method: 'POST',
      body: { name: ' ', email: 'nope', phone: 'call me', kinds: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(json<{ fieldErrors: object }>(response).fieldErrors).sort()).toEqual([
      'email',
      'kinds',
      'name',
      'phone',
    ]);
    const unknownTag = await manager.request('/api/customer/acmecorp/contacts', {
      method: 'POST',
      body: { name: 'A', email: 'a@acme.example', kinds: ['billing'], tags: ['nope'] },
    });
    expect(json(unknownTag)).toMatchObject({ fieldErrors: { tags: ['No tag named nope'] } });
  });

  it('is for customer managers and staff', async () => {
    const user = await t.signedIn('user@acme.example');
    const response = await user.request('/api/customer/acmecorp/contacts', {
      method: 'POST',
      body: { name: 'A', email: 'a@acme.example', kinds: ['billing'] },
    });
    expect(response.statusCode).toBe(403);
  });
});

type Feature = { id: string; enabled_for_all: boolean; tags: { tag: string; enabled: boolean }[] };

describe('features', () => {
  it('lists every catalogue feature with its switches', async () => {
    const browser = await t.signedIn('user@acme.example');
    const { data } = json<{ data: Feature[] }>(await browser.request('/api/customer/acmecorp/features'));
    expect(data.map((feature) => feature.id)).toEqual([
      'monitoring',
      'backups',
      'security-scanning',
      'automatic-updates',
      'log-shipping',
      'vulnerability-reports',
    ]);
    expect(data.find((feature) => feature.id === 'backups')).toEqual({
      id: 'backups',
      enabled_for_all: true,
      tags: [{ tag: 'staging', enabled: false }],
    });
  });

  it('switches a feature for all, for a tag, and removes a tag override', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const set = (body: object) =>
      manager.request('/api/customer/acmecorp/features/log-shipping', { method: 'PUT', body });
    expect(json(await set({ enabled: true }))).toEqual({
      id: 'log-shipping',
      enabled_for_all: true,
      tags: [],
    });
    expect(json(await set({ tag: 'staging', enabled: false }))).toMatchObject({
      tags: [{ tag: 'staging', enabled: false }],
    });
    expect(json(await set({ tag: 'staging', enabled: true }))).toMatchObject({
      tags: [{ tag: 'staging', enabled: true }],
    });
    expect(json(await set({ enabled: false }))).toMatchObject({ enabled_for_all: false });
    expect(json(await set({ tag: 'staging', enabled: null }))).toEqual({
      id: 'log-shipping',
      enabled_for_all: false,
      tags: [],
    });
  });

  it('answers 400 for a missing switch or an unknown tag, 404 for an unknown feature, 403 for a plain user', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const put = (feature: string, body: object) =>
      manager.request(`/api/customer/acmecorp/features/${feature}`, { method: 'PUT', body });
    expect(json(await put('backups', { enabled: null }))).toMatchObject({
      fieldErrors: { enabled: ['Switch the feature on or off for all servers'] },
    });
    expect((await put('backups', { tag: 'nope', enabled: true })).statusCode).toBe(400);
    expect((await put('teleportation', { enabled: true })).statusCode).toBe(404);
    const user = await t.signedIn('user@acme.example');
    const response = await user.request('/api/customer/acmecorp/features/backups', {
      method: 'PUT',
      body: { enabled: false },
    });
    expect(response.statusCode).toBe(403);
  });
});
