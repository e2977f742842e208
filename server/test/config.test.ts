import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

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
    const config = loadConfig({ DATABASE_URL: 'postgres://db/tidewatch', APP_SECRET: 'x'.repeat(32) });
    expect(config.mode).toBe('production');
  });

  it('uses secure cookies when the public URL is https', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://portal.tidewatch.example/' });
    expect(config).toMatchObject({ publicUrl: 'https://portal.tidewatch.example', secureCookies: true });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
