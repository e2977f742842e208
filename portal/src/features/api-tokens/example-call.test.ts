import { describe, expect, it } from 'vitest';
import { exampleCall } from './example-call';

const TOKEN = 'twk_3q2X0d9lQq8mJx1w9Yl6bH0m2c4r7T8vN5kZpA1sEeU';

describe('the call a new token is shown with', () => {
  it('reads the servers with the token as a bearer token', () => {
    expect(exampleCall('https://portal.example', 'acmecorp', TOKEN, ['servers:read', 'clusters:read'])).toBe(
      `curl -H "Authorization: Bearer ${TOKEN}" https://portal.example/api/customer/acmecorp/servers`,
    );
  });

  it('reads a list the token may read when servers is not among them', () => {
    expect(exampleCall('https://portal.example', 'acmecorp', TOKEN, ['activity:read'])).toBe(
      `curl -H "Authorization: Bearer ${TOKEN}" https://portal.example/api/customer/acmecorp/activity`,
    );
  });

  it('falls back on the servers list for a token that reads none of the lists', () => {
    expect(exampleCall('https://portal.example', 'acmecorp', TOKEN, ['invoices:read'])).toContain(
      '/api/customer/acmecorp/servers',
    );
  });
});
