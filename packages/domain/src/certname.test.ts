import { describe, expect, it } from 'vitest';
import { certnameOf, hostnameFrom, isCertnameOf, isValidHostname, parseCertname } from './certname';

describe('certnames', () => {
  it('joins a hostname and the customer id', () => {
    expect(certnameOf('web-01', 'acmecorp')).toBe('web-01.acmecorp');
  });

  it('refuses hostnames that are not lowercase DNS labels', () => {
    for (const hostname of ['', 'Web-01', '-web', 'web-', 'web_01', 'web.01', 'a'.repeat(64)]) {
      expect(isValidHostname(hostname), hostname).toBe(false);
      expect(() => certnameOf(hostname, 'acmecorp')).toThrow('Not a valid hostname');
    }
    expect(isValidHostname('a')).toBe(true);
    expect(isValidHostname('a'.repeat(63))).toBe(true);
  });

  it('refuses a malformed customer id', () => {
    expect(() => certnameOf('web-01', 'Acme')).toThrow('Not a valid customer id');
  });

  it('suggests a hostname from a free-form name', () => {
    expect(hostnameFrom('  Web Server 01 ')).toBe('web-server-01');
    expect(hostnameFrom('Kø-server_Ålborg')).toBe('k-server-alborg');
    expect(hostnameFrom('***')).toBe('');
    expect(isValidHostname(hostnameFrom(`${'x'.repeat(62)} y`))).toBe(true);
  });

  it('splits a certname at its last dot', () => {
    expect(parseCertname('db-02.globexco')).toEqual({ hostname: 'db-02', customerId: 'globexco' });
    expect(parseCertname('db-02')).toBeNull();
    expect(parseCertname('db.02.globexco')).toBeNull();
    expect(isCertnameOf('db-02.globexco', 'globexco')).toBe(true);
    expect(isCertnameOf('db-02.globexco', 'acmecorp')).toBe(false);
  });
});
