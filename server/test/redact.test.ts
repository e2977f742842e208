import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsInText } from '../src/lib/redact';

describe('redactSecrets', () => {
  it.each([
    ['a password field', { current_password: 'hunter2hunter2' }, { current_password: '[redacted]' }],
    ['a short password field', { pwd: 'hunter2' }, { pwd: '[redacted]' }],
    ['a cookie header', { Cookie: 'tw_session=abc' }, { Cookie: '[redacted]' }],
    ['the XSRF header', { 'X-XSRF-TOKEN': 'def' }, { 'X-XSRF-TOKEN': '[redacted]' }],
    ['an Authorization header', { Authorization: 'Bearer ghi' }, { Authorization: '[redacted]' }],
    ['an X-Auth header', { 'X-Auth': 'jkl' }, { 'X-Auth': '[redacted]' }],
    ['an agent credential', { credential: 'twa_0123456789abcdef' }, { credential: '[redacted]' }],
    ['a private key', { private_key: '-----BEGIN KEY-----' }, { private_key: '[redacted]' }],
    ['a sign-in code', { code: '123456' }, { code: '[redacted]' }],
    [
      'secrets inside a string value',
      { note: 'password=hunter2&token=abc123&page=2' },
      { note: 'password=[redacted]&token=[redacted]&page=2' },
    ],
    [
      'an agent credential under an innocent key',
      { body: 'registered with twa_0123456789abcdef' },
      { body: 'registered with twa_[redacted]' },
    ],
    ['a URL with a token', { url: '/api/x?token=abc&id=7' }, { url: '/api/x?token=[redacted]&id=7' }],
    [
      'nested secrets, innocent keys kept',
      { requestData: { user: { password: 'x', author: 'Frank', note: 'kept' } }, status: 400 },
      { requestData: { user: { password: '[redacted]', author: 'Frank', note: 'kept' } }, status: 400 },
    ],
    ['arrays', [{ token: 'a' }, 'plain'], [{ token: '[redacted]' }, 'plain']],
  ])('redacts %s', (_case, input, expected) => {
    expect(redactSecrets(input)).toEqual(expected);
  });
});

describe('redactSecretsInText', () => {
  it.each([
    [
      'a reset token in a page address',
      'http://localhost:3000/user/servers?reset_token=abc123',
      'http://localhost:3000/user/servers?reset_token=[redacted]',
    ],
    [
      'a quoted password in a stack',
      'Error: 400 {"email":"a@b.example","password":"hunter2"}',
      'Error: 400 {"email":"a@b.example","password":"[redacted]"}',
    ],
    [
      'a cookie header line in a stack',
      'request failed\ncookie: tw_session=abc; XSRF-TOKEN=def\n    at send (api.ts:3:1)',
      'request failed\ncookie: [redacted]\n    at send (api.ts:3:1)',
    ],
    ['a session cookie in text', 'sent tw_session=abc along', 'sent tw_session=[redacted] along'],
    [
      'a form body',
      'password=hunter2&token=abc&next=/user',
      'password=[redacted]&token=[redacted]&next=/user',
    ],
    [
      'a bearer token',
      'Authorization failed for Bearer ghi.jkl',
      'Authorization failed for Bearer [redacted]',
    ],
    ['an install token', 'curl ... twi_AbCdEfGh12345678 | sh', 'curl ... twi_[redacted] | sh'],
    ['a cluster credential', 'cred twc_AbCdEfGh12345678', 'cred twc_[redacted]'],
    [
      'a calendar feed address',
      'GET /api/service-window/calendar/twcal_AbCdEfGh12345678AbCd/windows.ics failed',
      'GET /api/service-window/calendar/twcal_[redacted]/windows.ics failed',
    ],
    [
      'a finance access token outside a header',
      'renewing eyJhbGciOiJIUzI1NiJ9.eyJmYW0iOiJhYmMifQ.c2lnbmF0dXJlX29mX2l0 failed',
      'renewing [redacted] failed',
    ],
    [
      'a refresh token in escaped JSON',
      'localStorage {\\"refresh_token\\":\\"twr_AbCdEfGh12345678AbCdEfGh12345678AbCdEfGh1\\"}',
      'localStorage {\\"refresh_token\\":\\"twr_[redacted]\\"}',
    ],
    [
      'an unsubscribe signature',
      '/unsubscribe?email=a%40b.example&token=Zm9v',
      '/unsubscribe?email=a%40b.example&token=[redacted]',
    ],
    [
      'an ordinary stack untouched',
      'TypeError: x is undefined\n    at ServerList (servers.tsx:10:5)',
      'TypeError: x is undefined\n    at ServerList (servers.tsx:10:5)',
    ],
  ])('redacts %s', (_case, input, expected) => {
    expect(redactSecretsInText(input)).toBe(expected);
  });
});
