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

export const reportRoutes = {
  error: defineRoute({
    method: 'POST',
    creates: true,
    path: '/report/error',
    access: publicAccess,
    summary: 'Record a failure seen in the browser (size- and rate-limited; secrets removed)',
    body: ErrorReport,
  }),
};
