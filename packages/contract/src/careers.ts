import { z } from 'zod';
import { Email, text } from './common';
import { leadExtras, MESSAGE_MAX, shortText } from './leads';
import { defineRoute, publicAccess } from './route';
import { CV_FIELD, CV_MAX_BYTES, CV_REFUSALS } from './site-forms';

export { CV_FIELD, CV_MAX_BYTES, CV_REFUSALS, CV_TYPES, type CvExtension } from './site-forms';

/**
 * A job application, sent as multipart/form-data: the CV is a file, the rest are text fields.
 * The file's size and type are checked again by the server from its bytes.
 */
export const JobApplicationBody = z.object({
  name: shortText(/*i18n*/ 'Enter your name'),
  email: Email,
  role: shortText(/*i18n*/ 'Choose the position you apply for'),
  message: text()
    .trim()
    .max(5000, MESSAGE_MAX)
    .optional()
    .transform((value) => value || undefined),
  [CV_FIELD]: z
    .file({ error: /*i18n*/ 'Attach your CV' })
    .min(1, { error: /*i18n*/ 'Attach your CV' })
    .max(CV_MAX_BYTES, { error: CV_REFUSALS.tooLarge }),
  ...leadExtras,
});

export const careerRoutes = {
  apply: defineRoute({
    method: 'POST',
    creates: true,
    path: '/careers/applications',
    access: publicAccess,
    encoding: 'multipart',
    summary:
      'Apply for a position with a CV (multipart/form-data); stored and mailed to the careers team. ' +
      'A plain form post (no XSRF header, same origin) is answered with a redirect to a page',
    body: JobApplicationBody,
  }),
};
