import path from 'node:path';
import { DEMO_SELLER } from '@tidewatch/content';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

const SELLER = {
  SELLER_LEGAL_NAME: 'Havbryg Drift ApS',
  SELLER_ADDRESS: 'Strandvejen 100, 2900 Hellerup, Denmark',
  SELLER_VAT_NUMBER: 'dk 1234 5674',
  SELLER_IBAN: 'DK50 0040 0440 1162 43',
  SELLER_BIC: 'dabadkkk',
};
const PRODUCTION = { DATABASE_URL: 'postgres://db/tidewatch', APP_SECRET: 'x'.repeat(32), ...SELLER };

describe('loadConfig', () => {
  it('runs the embedded demo on port 3000 by default', () => {
    const config = loadConfig({}, '/srv/tidewatch');
    expect(config).toMatchObject({
      port: 3000,
      mode: 'demo',
      databaseUrl: undefined,
      dataDir: path.resolve('/srv/tidewatch', '.data'),
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('runs in production mode on PostgreSQL, where APP_SECRET is required', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/tidewatch' })).toThrow(/APP_SECRET: required/);
    const config = loadConfig({ ...PRODUCTION, SMTP_URL: 'smtp://mail.internal:587' });
    expect(config.mode).toBe('production');
  });

  it('sends mail over SMTP in production, and keeps it in the log only when told to', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(
      /SMTP_URL: required in production mode \(or set MAIL_TRANSPORT=log to keep mail in the outbox table and the log\)/,
    );
    expect(loadConfig({ ...PRODUCTION, SMTP_URL: 'smtp://mail.internal:587' }).smtpUrl).toBe(
      'smtp://mail.internal:587',
    );
    expect(loadConfig({ ...PRODUCTION, MAIL_TRANSPORT: 'log' }).smtpUrl).toBeUndefined();
    expect(
      loadConfig({ ...PRODUCTION, MAIL_TRANSPORT: 'log', SMTP_URL: 'smtp://mail.internal:587' }).smtpUrl,
    ).toBeUndefined();
    // The demo keeps its mail in the log unless it is given SMTP.
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(
      /SMTP_URL: required with MAIL_TRANSPORT=smtp/,
    );
    expect(() => loadConfig({ MAIL_TRANSPORT: 'pigeon' })).toThrow(/MAIL_TRANSPORT/);
  });

  it('takes the seller from its settings, compacted, and the demo company when the demo leaves them unset', () => {
    expect(loadConfig({ ...PRODUCTION, MAIL_TRANSPORT: 'log' }).seller).toEqual({
      legalName: 'Havbryg Drift ApS',
      address: 'Strandvejen 100, 2900 Hellerup, Denmark',
      vatNumber: 'DK12345674',
      iban: 'DK5000400440116243',
      bic: 'DABADKKK',
    });
    expect(loadConfig({}).seller).toEqual(DEMO_SELLER);
    expect(loadConfig({ SELLER_LEGAL_NAME: 'Demo Drift ApS' }).seller).toEqual({
      ...DEMO_SELLER,
      legalName: 'Demo Drift ApS',
    });
  });

  it('refuses to start in production without the seller, naming each missing variable', () => {
    const { SELLER_IBAN: _iban, SELLER_ADDRESS: _address, ...partial } = PRODUCTION;
    const start = () => loadConfig({ ...partial, MAIL_TRANSPORT: 'log' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/SELLER_ADDRESS: required in production mode/);
    expect(start).toThrow(/SELLER_IBAN: required in production mode/);
  });

  it('refuses a bad IBAN, BIC or VAT number at start, in any mode, naming the variable', () => {
    // A real IBAN with one digit changed fails its check digits.
    expect(() => loadConfig({ SELLER_IBAN: 'DK5000400440116244' })).toThrow(
      /SELLER_IBAN: must be a valid IBAN/,
    );
    expect(() => loadConfig({ SELLER_IBAN: 'not an iban' })).toThrow(/SELLER_IBAN/);
    expect(() => loadConfig({ SELLER_BIC: 'DABA' })).toThrow(/SELLER_BIC: must be a valid BIC/);
    // Eight digits whose CVR checksum fails; a German number is not the Danish company's.
    expect(() => loadConfig({ SELLER_VAT_NUMBER: 'DK12345678' })).toThrow(
      /SELLER_VAT_NUMBER: must be a valid DK VAT number/,
    );
    expect(() => loadConfig({ SELLER_VAT_NUMBER: 'DE136695976' })).toThrow(/SELLER_VAT_NUMBER/);
    expect(() => loadConfig({ ...PRODUCTION, MAIL_TRANSPORT: 'log', SELLER_BIC: '1234' })).toThrow(
      /SELLER_BIC/,
    );
  });

  it('uses secure cookies when the public URL is https', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://portal.tidewatch.example/' });
    expect(config).toMatchObject({ publicUrl: 'https://portal.tidewatch.example', secureCookies: true });
  });

  it('trusts the given number of proxies, or the listed ones, and never every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would believe any X-Forwarded-For a client sends; give the number of proxies in front \(e\.g\. 1\) or their addresses/,
    );
    for (const bad of ['yes', '-1', '1.5', '10.0.0.0/33', '10.0.0.1,proxy.internal']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY: must be false, a number of proxies/,
      );
    }
  });

  it('bounds database statements and the wait for a connection, by default and as set', () => {
    const defaults = loadConfig({});
    expect(defaults.databaseStatementTimeoutMs).toBe(5_000);
    expect(defaults.databasePoolAcquireTimeoutMs).toBe(2_000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).databaseStatementTimeoutMs).toBe(0);
    expect(() => loadConfig({ DATABASE_POOL_ACQUIRE_TIMEOUT_MS: '0' })).toThrow(
      /DATABASE_POOL_ACQUIRE_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '2s' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
