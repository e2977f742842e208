import multipart, { type MultipartFile } from '@fastify/multipart';
import { brand } from '@tidewatch/content';
import {
  CV_FIELD,
  CV_MAX_BYTES,
  CV_REFUSALS,
  CV_TYPES,
  type CvExtension,
  contract,
} from '@tidewatch/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { implement } from '../../core/route';
import { filledByBot } from '../../lib/honeypot';
import { HttpError } from '../../lib/http-error';
import { isPlainFormPost } from '../../plugins/xsrf';
import { LEAD_LIMITS, sourceHasher } from '../leads';
import { jobApplicationMail } from '../mail';
import { saveJobApplication } from './repository';

/** Where the careers page shows the outcome of a plain form post (its `:target` notices). */
export const PLAIN_FORM_OUTCOME = { sent: 'application-sent', notSent: 'application-not-sent' } as const;

const isCvExtension = (ext: string): ext is CvExtension => Object.hasOwn(CV_TYPES, ext);

/**
 * The name the CV goes out under: the browser's, without folders, control characters or broken
 * text, and ending in the extension of the type its bytes show.
 */
export function cvFileName(given: string, ext: CvExtension): string {
  const base = (given.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}"<>|*?:]/gu, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 100);
  return `${base || 'cv'}.${ext}`;
}

/** The careers page in the language of the form that posted (English when the post was too broken to read). */
function careersPage(request: FastifyRequest, outcome: string) {
  const danish = (request.body as { language?: unknown } | undefined)?.language === 'da';
  return `${danish ? '/da' : ''}/careers#${outcome}`;
}

/** A plain form post is sent back to the page; awaiting the reply lets it finish before the 204 would be sent. */
async function answer(request: FastifyRequest, reply: FastifyReply) {
  if (isPlainFormPost(request)) await reply.redirect(careersPage(request, PLAIN_FORM_OUTCOME.sent), 303);
}

export async function careerRoutes(app: FastifyInstance, options: { secret: string }) {
  const sourceHash = sourceHasher(options.secret);

  // Limits keep a request's size bounded: one file, a few short fields.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 10, fieldSize: 20_000, parts: 12 },
    async onFile(part: MultipartFile & { value?: unknown }) {
      part.value = new File([new Uint8Array(await part.toBuffer())], part.filename, { type: part.mimetype });
    },
  });

  // A plain form post is a page load: whatever went wrong, the browser goes back to the page, which says so.
  const jsonErrors = app.errorHandler;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (!isPlainFormPost(request)) return jsonErrors.call(app, error, request, reply);
    request.log.info({ status: error.statusCode, code: error.code }, 'job application refused');
    return reply.redirect(careersPage(request, PLAIN_FORM_OUTCOME.notSent), 303);
  });

  implement(
    app,
    contract.careers,
    {
      async apply(request, reply) {
        if (filledByBot(request)) return answer(request, reply);
        const { name, email, role, message, language, [CV_FIELD]: cv } = request.body;
        const content = new Uint8Array(await cv.arrayBuffer());
        const ext = (await fileTypeFromBuffer(content))?.ext;
        if (!ext || !isCvExtension(ext)) {
          throw new HttpError(415, CV_REFUSALS.wrongType, { [CV_FIELD]: [CV_REFUSALS.wrongType] });
        }
        const attachment = { filename: cvFileName(cv.name, ext), contentType: CV_TYPES[ext], content };
        const jobApplicationId = await saveJobApplication(app.db, {
          name,
          email,
          role,
          message,
          locale: language,
          cvName: attachment.filename,
          cvType: attachment.contentType,
          cvSize: content.byteLength,
          cv: content,
          sourceHash: sourceHash(request.ip),
          createdAt: app.now(),
        });
        const log = request.log.child({ jobApplicationId });
        await app.mailer.queue(
          [
            jobApplicationMail({
              to: brand.contact.careersEmail,
              locale: language,
              name,
              email,
              role,
              message,
              cv: attachment,
            }),
          ],
          log,
        );
        log.info('job application received');
        return answer(request, reply);
      },
    },
    {
      apply: {
        rateLimit: { max: LEAD_LIMITS.perAddress, timeWindow: LEAD_LIMITS.windowMs },
        plainForm: true,
      },
    },
  );
}
