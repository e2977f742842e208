import { z } from 'zod';
import { defineRoute, publicAccess } from './route';

const ReportUser = z
  .object({
    name: z.string().max(200).optional(),
    email: z.string().max(254).optional(),
    roles: z.array(z.string().max(50)).max(20).optional(),
    company: z.string().max(200).optional(),
  })
  .nullable();

const reportBase = {
  time: z.iso.datetime({ offset: true }),
  app: z.string().min(1).max(50),
  /** The page's address when it happened. */
  page: z.string().max(2048),
  user: ReportUser,
};

/** What the portal and the site send when a render or an API call fails (spec section 3). */
export const ErrorReport = z.discriminatedUnion('type', [
  z.object({ ...reportBase, type: z.literal('UI ERROR'), stack: z.string().max(8000) }),
  z.object({
    ...reportBase,
    type: z.literal('API ERROR'),
    error: z.object({
      url: z.string().max(2048),
      requestData: z.unknown().optional(),
      headers: z.record(z.string(), z.unknown()).optional(),
      status: z.number().int().nullable(),
    }),
  }),
]);
export type ErrorReport = z.infer<typeof ErrorReport>;

export const reportRoutes = {
  error: defineRoute({
    method: 'POST',
    path: '/report/error',
    access: publicAccess,
    summary: 'Record a failure seen in the browser (size- and rate-limited; secrets removed)',
    body: ErrorReport,
  }),
};
