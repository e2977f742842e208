/** Names and formats the site's forms show before their rules load: no zod here (decision 0082). */

/**
 * A field people never see or reach and bots fill in: a request with it filled in is answered
 * as a success, and nothing is kept or sent.
 */
export const HONEYPOT_FIELD = 'website';

export const PASSWORD_MIN_LENGTH = 12;

/** The CV formats we take, by the type their first bytes show (whatever the file is called). */
export const CV_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
} as const;
export type CvExtension = keyof typeof CV_TYPES;

/** The form field that carries the CV. */
export const CV_FIELD = 'cv';
