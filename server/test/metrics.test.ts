import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { TEST_SECRET, testConfig, useTestApp } from './helpers';

const METRICS_TOKEN = 'metrics-token-that-is-long-enough-0123456789';
const t = useTestApp({ METRICS_TOKEN });

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** One sample's value from the text format, by metric name and a label substring. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text
    .split('\n')
    .find((entry) => entry.startsWith(name) && !entry.startsWith('#') && entry.includes(labels));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('/metrics', () => {
  it('answers 401 without the bearer token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${METRICS_TOKEN}`]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toMatchObject({ error: 'Unauthorised' });
    }
  });

  it('counts requests by route pattern and status, with their latency', async () => {
    const browser = await t.signedIn('manager@acme.example');
    await browser.request('/api/customer/acmecorp/servers');
    await browser.request('/api/customer/acmecorp/servers');
    await t.app.inject({ method: 'GET', url: '/api/customer/globex/servers' });

    const response = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    const route = 'route="/api/customer/:customer_id/servers"';
    expect(sample(text, 'tidewatch_http_requests_total', `${route},status="200"`)).toBe(2);
    expect(sample(text, 'tidewatch_http_requests_total', `${route},status="401"`)).toBe(1);
    expect(sample(text, 'tidewatch_http_request_duration_seconds_count', route)).toBe(3);
    // The customer's id is a parameter of the pattern, never a label of its own.
    expect(text).not.toContain('acmecorp');
  });

  it('reports live sessions, the mail outbox, CSP reports and the process', async () => {
    await t.signedIn('manager@acme.example');
    const report = {
      'csp-report': { 'document-uri': 'https://tidewatch.example/', 'violated-directive': 'img-src' },
    };
    const reported = await t.browser().request('/api/csp-reports', {
      method: 'POST',
      body: JSON.stringify(report),
      headers: { 'content-type': 'application/csp-report' },
      xsrf: false,
    });
    expect(reported.statusCode).toBe(204);
    const text = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;
    expect(sample(text, 'tidewatch_csp_reports_last_hour')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'tidewatch_sessions_active')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'tidewatch_mail_outbox_depth')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('tidewatch_process_cpu_seconds_total');
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'tidewatch_db_pool_connections', 'state="open"')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'tidewatch_db_query_duration_seconds_count')).toBeGreaterThan(0);
    }
  });

  it('passes `promtool check metrics`, as a Prometheus server reads it', async ({ skip }) => {
    const promtool = spawnSync('promtool', ['--version']);
    if (promtool.error && !process.env.CI) {
      skip('promtool is not installed here: sh tests/setup/ensure-promtool.sh installs it');
    }
    await t.signedIn('manager@acme.example');
    const text = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(check.error).toBeUndefined();
    expect(`${check.stdout}${check.stderr}`).toBe('');
    expect(check.status).toBe(0);
  });

  it('does not exist when no token is configured', async () => {
    const app = await buildApp({ config: testConfig(), db: t.database.db, secret: TEST_SECRET });
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    await app.close();
  });
});
