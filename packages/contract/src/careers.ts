import { z } from 'zod';
import { Email, text } from './common';
import { leadExtras, MESSAGE_MAX, shortText } from './leads';
import { defineRoute, publicAccess } from './route';

/** The largest CV we take; a bigger upload is refused with 413 before it is read to the end. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;

/** The CV formats we take, by the type their first bytes show (whatever the file is called). */
export const CV_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
} as const;
export type CvExtension = keyof typeof CV_TYPES;

/** The form field that carries the CV. */
export const CV_FIELD = 'cv';

export const CV_REFUSALS = {
  wrongType: /*i18n*/ 'Send your CV as a PDF, DOCX or ODT file',
  tooLarge: /*i18n*/ 'Your CV can be at most 5 MB',
} as const;

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
    path: '/careers/applications',
    access: publicAccess,
    encoding: 'multipart',
    summary:
      'Apply for a position with a CV (multipart/form-data); stored and mailed to the careers team. ' +
      'A plain form post (no XSRF header, same origin) is answered with a redirect to a page',
    body: JobApplicationBody,
  }),
};
