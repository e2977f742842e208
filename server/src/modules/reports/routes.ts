import { contract } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { errorReports } from '../../db/schema';
import { redactSecrets, redactSecretsInText } from '../../lib/redact';
import { implement } from '../../lib/route';

/** Reports are small; a flood of them from one address is cut off. */
export const REPORT_LIMITS = { bodyBytes: 16 * 1024, perAddress: 30, windowMs: 60_000 } as const;

export async function reportRoutes(app: FastifyInstance) {
  implement(
    app,
    contract.reports,
    {
      async error(request) {
        const report = request.body;
        await app.db.insert(errorReports).values({
          receivedAt: app.now(),
          type: report.type,
          occurredAt: new Date(report.time),
          app: report.app,
          page: redactSecretsInText(report.page),
          reportedUser: report.user,
          stack: report.type === 'UI ERROR' ? redactSecretsInText(report.stack) : null,
          error: report.type === 'API ERROR' ? redactSecrets(report.error) : null,
          userId: request.auth?.user.id ?? null,
          ip: request.ip,
          requestId: request.id,
        });
        request.log.warn({ report: report.type, app: report.app }, 'browser reported an error');
      },
    },
    {
      error: {
        bodyLimit: REPORT_LIMITS.bodyBytes,
        rateLimit: { max: REPORT_LIMITS.perAddress, timeWindow: REPORT_LIMITS.windowMs },
      },
    },
  );
}
