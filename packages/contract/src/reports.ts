import { z } from 'zod';
import { IsoDateTime, StorableJson, text } from './common';
import { defineRoute, publicAccess } from './route';

const ReportUser = z
  .object({
    name: text().max(200).optional(),
    email: text().max(254).optional(),
    roles: z.array(text().max(50)).max(20).optional(),
    company: text().max(200).optional(),
  })
  .nullable();

const reportBase = {
  time: IsoDateTime,
  app: text().min(1).max(50),
  /** The page's address when it happened. */
  page: text().max(2048),
  user: ReportUser,
};

/** What the portal and the site send when a render or an API call fails (spec section 3). */
export const ErrorReport = z.discriminatedUnion('type', [
  z.object({ ...reportBase, type: z.literal('UI ERROR'), stack: text().max(8000) }),
  z.object({
    ...reportBase,
    type: z.literal('API ERROR'),
    error: z.object({
      url: text().max(2048),
      requestData: StorableJson.optional(),
      headers: z.record(text(), StorableJson).optional(),
      status: z.number().int().nullable(),
    }),
  }),
]);
export type ErrorReport = z.infer<typeof ErrorReport>;

/** The two types browsers send CSP violation reports as: `report-uri`'s, and the Reporting API's. */
export const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json'] as const;

const url = text().max(4096);
const position = z.number().int().nonnegative().optional();

/** A violation as `report-uri` sends it (CSP level 2): one object under `csp-report`, kebab-case keys. */
const LegacyCspReport = z.object({
  'csp-report': z.object({
    'document-uri': url,
    'blocked-uri': url.optional(),
    'effective-directive': text().max(100).optional(),
    'violated-directive': text().max(100),
    disposition: z.enum(['enforce', 'report']).optional(),
    'script-sample': text().max(200).optional(),
    'source-file': url.optional(),
    'line-number': position,
    'column-number': position,
    'status-code': z.number().int().optional(),
  }),
});

/** Violations as `report-to` sends them (the Reporting API): a batch of reports, camelCase bodies. */
const ReportingApiCspReports = z
  .array(
    z.object({
      type: z.literal('csp-violation'),
      url,
      user_agent: text().max(1000).optional(),
      body: z.object({
        documentURL: url,
        blockedURL: url.optional(),
        effectiveDirective: text().max(100),
        disposition: z.enum(['enforce', 'report']).optional(),
        sample: text().max(200).optional(),
        sourceFile: url.optional(),
        lineNumber: position,
        columnNumber: position,
        statusCode: z.number().int().optional(),
      }),
    }),
  )
  .min(1)
  .max(100);

/** What a browser sends when the Content-Security-Policy blocked something on one of our pages. */
export const CspReportBody = z.union([LegacyCspReport, ReportingApiCspReports]);
export type CspReportBody = z.infer<typeof CspReportBody>;

export const reportRoutes = {
  error: defineRoute({
    method: 'POST',
    creates: true,
    path: '/report/error',
    access: publicAccess,
    summary: 'Record a failure seen in the browser (size- and rate-limited; secrets removed)',
    body: ErrorReport,
  }),
  csp: defineRoute({
    method: 'POST',
    path: '/csp-reports',
    access: publicAccess,
    summary: `Record what the Content-Security-Policy blocked, sent by the browser itself as ${CSP_REPORT_TYPES.join(' or ')} (size- and rate-limited)`,
    body: CspReportBody,
  }),
};
