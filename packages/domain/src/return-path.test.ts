import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a portal path with its query and fragment', () => {
    expect(safeReturnPath('/customer/tags')).toBe('/customer/tags');
    expect(safeReturnPath('/customer/tags?x=1')).toBe('/customer/tags?x=1');
    expect(safeReturnPath('/user/servers?q=web#top')).toBe('/user/servers?q=web#top');
    expect(safeReturnPath('/admin/impersonate')).toBe('/admin/impersonate');
  });

  it('refuses what is not a portal path', () => {
    for (const next of [
      null,
      undefined,
      '',
      '/',
      '/login',
      '/user',
      '/blog/post',
      'user/servers',
      '/api/auth',
    ]) {
      expect(safeReturnPath(next), String(next)).toBeNull();
    }
  });

  it('refuses addresses that lead off the site', () => {
    for (const next of [
      '//evil.example',
      '//evil.example/user/servers',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/user/servers',
      'http:/user/servers',
      '/%2F%2Fevil.example',
      '/%2f/evil.example/user/',
      '/%5Cevil.example/user/',
      'javascript:alert(1)',
      'JavaScript:alert(1)//user/',
      ' /user/servers',
      '/user/\tservers',
      '/\t/evil.example/user/',
      '/user/%E0%A4%A',
    ]) {
      expect(safeReturnPath(next), next).toBeNull();
    }
  });

  it('does not let dot segments leave the portal', () => {
    expect(safeReturnPath('/user/../login')).toBeNull();
    expect(safeReturnPath('/user/%2e%2e/login')).toBeNull();
  });
});

describe('loginPathReturningTo', () => {
  it('carries a portal path, encoded', () => {
    expect(loginPathReturningTo('/login', '/customer/tags?x=1')).toBe(
      '/login?next=%2Fcustomer%2Ftags%3Fx%3D1',
    );
  });

  it('leaves anything else off', () => {
    expect(loginPathReturningTo('/login', '//evil.example')).toBe('/login');
  });
});
