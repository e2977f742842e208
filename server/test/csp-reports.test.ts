import { asc, count, desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cspReports } from '../src/db/schema';
import { CSP_REPORT_LIMITS } from '../src/modules/reports/routes';
import { json, useTestApp } from './helpers';

const t = useTestApp();

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36';

/** What `report-uri` sends. */
const legacyReport = {
  'csp-report': {
    'document-uri': 'https://tidewatch.example/set-password?token=abc123',
    referrer: '',
    'violated-directive': 'style-src-elem',
    'effective-directive': 'style-src-elem',
    'original-policy': "default-src 'none'; report-uri /api/csp-reports",
    disposition: 'enforce',
    'blocked-uri': 'https://fonts.example/css',
    'status-code': 200,
    'script-sample': '',
  },
};

/** What `report-to` sends: a batch. */
const reportingApiBatch = [
  {
    age: 12,
    type: 'csp-violation',
    url: 'https://tidewatch.example/pricing',
    user_agent: CHROME,
    body: {
      documentURL: 'https://tidewatch.example/pricing',
      referrer: '',
      blockedURL: 'inline',
      effectiveDirective: 'script-src-elem',
      originalPolicy: "default-src 'none'",
      sourceFile: 'https://tidewatch.example/pricing',
      sample: 'alert(1)',
      disposition: 'enforce',
      statusCode: 200,
      lineNumber: 3,
      columnNumber: 7,
    },
  },
  {
    age: 10,
    type: 'csp-violation',
    url: 'https://tidewatch.example/pricing',
    user_agent: CHROME,
    body: {
      documentURL: 'https://tidewatch.example/pricing',
      blockedURL: 'https://images.example/a.png',
      effectiveDirective: 'img-src',
      disposition: 'enforce',
    },
  },
];

const post = (body: unknown, type: string, remoteAddress = '127.0.0.1') =>
  t.browser().request('/api/csp-reports', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': type, 'user-agent': CHROME },
    xsrf: false,
    remoteAddress,
  });

const newest = (limit: number) =>
  t.database.db.select().from(cspReports).orderBy(desc(cspReports.id)).limit(limit);

describe('POST /api/csp-reports', () => {
  it("stores a report-uri report, sent as the browser sends it (no XSRF header), the address's token removed", async () => {
    const response = await post(legacyReport, 'application/csp-report');
    expect(response.statusCode).toBe(204);
    expect(await newest(1)).toEqual([
      expect.objectContaining({
        documentUrl: 'https://tidewatch.example/set-password?token=[redacted]',
        blockedUrl: 'https://fonts.example/css',
        directive: 'style-src-elem',
        disposition: 'enforce',
        userAgent: CHROME,
        ip: '127.0.0.1',
      }),
    ]);
  });

  it('stores every report of a report-to batch', async () => {
    const response = await post(reportingApiBatch, 'application/reports+json');
    expect(response.statusCode).toBe(204);
    const [image, script] = await newest(2);
    expect(script).toMatchObject({
      documentUrl: 'https://tidewatch.example/pricing',
      blockedUrl: 'inline',
      directive: 'script-src-elem',
      sample: 'alert(1)',
      lineNumber: 3,
      columnNumber: 7,
    });
    expect(image).toMatchObject({ blockedUrl: 'https://images.example/a.png', directive: 'img-src' });
  });

  it('answers 415 to any other type, JSON included', async () => {
    for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
      const response = await post(legacyReport, type);
      expect(response.statusCode, type).toBe(415);
      expect(json(response).message, type).toBe(
        'Send the report as application/csp-report or application/reports+json',
      );
    }
  });

  it('answers 400 to a body that is no report', async () => {
    expect((await post({ hello: 'world' }, 'application/csp-report')).statusCode).toBe(400);
    expect(
      (await post([{ type: 'deprecation', url: 'x', body: {} }], 'application/reports+json')).statusCode,
    ).toBe(400);
    expect((await post('{"csp-report": ', 'application/csp-report')).statusCode).toBe(400);
  });

  it('answers 413 to a report over the size limit', async () => {
    const huge = {
      'csp-report': {
        ...legacyReport['csp-report'],
        'original-policy': 'x'.repeat(CSP_REPORT_LIMITS.bodyBytes),
      },
    };
    const response = await post(huge, 'application/csp-report');
    expect(response.statusCode).toBe(413);
  });

  it('answers 429 to an address that floods it, and still takes reports from others', async () => {
    for (let sent = 0; sent < CSP_REPORT_LIMITS.perAddress; sent++) {
      expect((await post(legacyReport, 'application/csp-report', '10.0.0.9')).statusCode).toBe(204);
    }
    const flooded = await post(legacyReport, 'application/csp-report', '10.0.0.9');
    expect(flooded.statusCode).toBe(429);
    expect(flooded.headers['retry-after']).toBeDefined();
    expect((await post(legacyReport, 'application/csp-report', '10.0.0.10')).statusCode).toBe(204);
  });

  it('keeps only the newest reports', async () => {
    const { db } = t.database;
    await db.delete(cspReports);
    await db.insert(cspReports).values(
      Array.from({ length: CSP_REPORT_LIMITS.kept }, (_, index) => ({
        receivedAt: new Date(),
        documentUrl: `https://tidewatch.example/old/${index}`,
        directive: 'img-src',
      })),
    );
    expect((await post(legacyReport, 'application/csp-report')).statusCode).toBe(204);
    const [kept] = await db.select({ total: count() }).from(cspReports);
    expect(kept?.total).toBe(CSP_REPORT_LIMITS.kept);
    const [oldest] = await db.select().from(cspReports).orderBy(asc(cspReports.id)).limit(1);
    expect(oldest?.documentUrl).toBe('https://tidewatch.example/old/1');
    expect((await newest(1))[0]?.directive).toBe('style-src-elem');
  });
});
