import { CSP_REPORT_TYPES, type CspReportBody, contract, REFUSALS } from '@tidewatch/contract';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../core/route';
import { HttpError } from '../../lib/http-error';
import { redactSecrets, redactSecretsInText } from '../../lib/redact';
import { type NewCspReport, saveCspReports, saveErrorReport } from './repository';

/** Reports are small; a flood of them from one address is cut off. */
export const REPORT_LIMITS = { bodyBytes: 16 * 1024, perAddress: 30, windowMs: 60_000 } as const;

export async function reportRoutes(app: FastifyInstance) {
  implement(
    app,
    { error: contract.reports.error },
    {
      async error(request) {
        const report = request.body;
        await saveErrorReport(app.db, {
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

/**
 * CSP violation reports: a batch from one page fits easily; a page that keeps failing, or someone
 * posting on purpose, is cut off per address, and only the newest reports are kept (decision 0075).
 */
export const CSP_REPORT_LIMITS = {
  bodyBytes: 64 * 1024,
  perAddress: 60,
  windowMs: 60_000,
  kept: 5_000,
} as const;

type CspReportRow = Omit<NewCspReport, 'receivedAt' | 'ip'>;

/** Both formats as one kind of row; addresses may carry tokens, so they are stored without them. */
function cspReportRows(body: CspReportBody, userAgent: string | undefined): CspReportRow[] {
  const redacted = (value: string | undefined) => (value === undefined ? null : redactSecretsInText(value));
  if (!Array.isArray(body)) {
    const report = body['csp-report'];
    return [
      {
        documentUrl: redactSecretsInText(report['document-uri']),
        blockedUrl: redacted(report['blocked-uri']),
        directive: report['effective-directive'] ?? report['violated-directive'],
        disposition: report.disposition ?? null,
        sample: report['script-sample'] ?? null,
        sourceFile: redacted(report['source-file']),
        lineNumber: report['line-number'] ?? null,
        columnNumber: report['column-number'] ?? null,
        userAgent: userAgent ?? null,
      },
    ];
  }
  return body.map(({ body: report, user_agent }) => ({
    documentUrl: redactSecretsInText(report.documentURL),
    blockedUrl: redacted(report.blockedURL),
    directive: report.effectiveDirective,
    disposition: report.disposition ?? null,
    sample: report.sample ?? null,
    sourceFile: redacted(report.sourceFile),
    lineNumber: report.lineNumber ?? null,
    columnNumber: report.columnNumber ?? null,
    userAgent: user_agent ?? userAgent ?? null,
  }));
}

/**
 * Where browsers send what the CSP blocked (`report-uri` and `report-to`): stored, logged and counted
 * for operators. Browsers send no XSRF header, so this lives outside the session scope; it takes the
 * two report types only, as JSON.
 */
export async function cspReportRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...CSP_REPORT_TYPES],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.addContentTypeParser('*', (_request, _payload, done) =>
    done(new HttpError(415, REFUSALS.sendCspReport)),
  );
  implement(
    app,
    { csp: contract.reports.csp },
    {
      async csp(request) {
        const rows = cspReportRows(request.body, request.headers['user-agent']);
        const receivedAt = app.now();
        await saveCspReports(
          app.db,
          rows.map((row) => ({ ...row, receivedAt, ip: request.ip })),
          CSP_REPORT_LIMITS.kept,
        );
        for (const row of rows) {
          request.log.warn(
            { directive: row.directive, blocked: row.blockedUrl, page: row.documentUrl },
            'the content security policy blocked something',
          );
        }
      },
    },
    {
      csp: {
        audit: false,
        bodyLimit: CSP_REPORT_LIMITS.bodyBytes,
        rateLimit: { max: CSP_REPORT_LIMITS.perAddress, timeWindow: CSP_REPORT_LIMITS.windowMs },
      },
    },
  );
}
