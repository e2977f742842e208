import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appLoggingToLines, useTestApp } from './helpers';

const t = useTestApp();

describe('a failed query in the log', () => {
  it('names the statement and the error code, never the values it was sent', async () => {
    const { app, lines } = await appLoggingToLines(t.database.db, 'info');
    // The database quotes a value it cannot read in its own message, as well as the driver listing it.
    app.get('/failing-query', async () => app.db.execute(sql`select ${'hunter2-secret'}::int as n`));
    try {
      const response = await app.inject('/failing-query');
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('hunter2-secret');
      const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
      expect(failure?.err).toMatchObject({
        type: 'FailedQuery',
        message: 'Failed query: select $1::int as n',
        code: '22P02',
      });
      expect(failure?.err.stack).toMatch(/^FailedQuery: Failed query: select \$1::int as n\n\s+at /);
      expect(lines.join('')).not.toContain('hunter2-secret');
    } finally {
      await app.close();
    }
  });
});

describe('request addresses in the log', () => {
  it('carry no calendar feed secret', async () => {
    const { app, lines } = await appLoggingToLines(t.database.db, 'info');
    const feed = 'twcal_AbCdEfGh12345678AbCdEfGh';
    try {
      await app.inject(`/api/service-window/calendar/${feed}/windows.ics`);
      const logged = lines.map((line) => JSON.parse(line));
      expect(logged.find((entry) => entry.req)?.req.url).toBe(
        '/api/service-window/calendar/twcal_[redacted]/windows.ics',
      );
      expect(lines.join('')).not.toContain(feed);
    } finally {
      await app.close();
    }
  });
});
