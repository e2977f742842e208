import { brand } from '@tidewatch/content';
import { CV_MAX_BYTES } from '@tidewatch/contract';
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { CV_FILES } from '../../tests/support/cv-files';
import { startSmtpCapture } from '../../tests/support/smtp-capture';
import { jobApplications, rateLimits } from '../src/db/schema';
import { cvFileName } from '../src/modules/careers/routes';
import { LEAD_LIMITS } from '../src/modules/leads/routes';
import { json, type TestBrowser, useTestApp } from './helpers';

const smtp = await startSmtpCapture();
const t = useTestApp({ SMTP_URL: smtp.url });
afterAll(() => smtp.close());

const PATH = '/api/careers/applications';
const FIELDS = {
  name: 'Ada Lovelace',
  email: 'Ada@Engines.example',
  role: 'Linux Operations Engineer',
  message: 'I have run Debian fleets for nine years.',
  language: 'en',
};

type Part = string | { filename: string; type: string; content: Buffer };

/** A multipart/form-data body as a browser sends it. */
function multipart(parts: Record<string, Part>) {
  const boundary = '----tidewatch-test-boundary';
  const chunks = Object.entries(parts).flatMap(([name, part]) =>
    typeof part === 'string'
      ? [`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${part}\r\n`]
      : [
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
          part.content,
          '\r\n',
        ],
  );
  return {
    body: Buffer.concat([...chunks, `--${boundary}--\r\n`].map((chunk) => Buffer.from(chunk))),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const pdf = { filename: 'Ada Lovelace CV.pdf', type: 'application/pdf', content: CV_FILES.pdf };

async function apply(
  parts: Record<string, Part> = { ...FIELDS, cv: pdf },
  options: { browser?: TestBrowser; headers?: Record<string, string>; xsrf?: boolean } = {},
) {
  const { body, contentType } = multipart(parts);
  const response = await (options.browser ?? t.browser()).request(PATH, {
    method: 'POST',
    body,
    headers: { 'content-type': contentType, ...options.headers },
    ...(options.xsrf === false && { xsrf: false }),
  });
  await t.app.mailer.drain();
  return response;
}

const stored = () => t.database.db.select().from(jobApplications);
const mailsToCareers = () => smtp.received.filter((mail) => mail.to.includes(brand.contact.careersEmail));

beforeEach(async () => {
  await t.database.db.delete(jobApplications);
  await t.database.db.delete(rateLimits);
  smtp.received.length = 0;
});

describe('POST /api/careers/applications', () => {
  it('makes one application of a submission sent again with its Idempotency-Key, and refuses the key with another CV', async () => {
    const headers = { 'idempotency-key': 'careers-test-key-1' };
    const first = await apply({ ...FIELDS, cv: pdf }, { headers });
    const again = await apply({ ...FIELDS, cv: pdf }, { headers });
    expect([first.statusCode, again.statusCode]).toEqual([204, 204]);
    expect(await stored()).toHaveLength(1);
    const otherCv = { ...pdf, content: Buffer.concat([CV_FILES.pdf, Buffer.from('\n')]) };
    expect((await apply({ ...FIELDS, cv: otherCv }, { headers })).statusCode).toBe(422);
    expect(await stored()).toHaveLength(1);
  });

  it('keeps the application with its CV and mails it to the careers team, who can answer by replying', async () => {
    const response = await apply();
    expect(response.statusCode, response.body).toBe(204);
    const [application] = await stored();
    expect(application).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@engines.example',
      role: 'Linux Operations Engineer',
      message: FIELDS.message,
      locale: 'en',
      cvName: 'Ada Lovelace CV.pdf',
      cvType: 'application/pdf',
      cvSize: CV_FILES.pdf.length,
      createdAt: t.clock.now(),
    });
    expect(Buffer.from(application?.cv ?? []).equals(CV_FILES.pdf)).toBe(true);

    const [mail] = mailsToCareers();
    expect(mail?.subject).toBe('Job application: Ada Lovelace, Linux Operations Engineer');
    expect(mail?.replyTo).toEqual(['ada@engines.example']);
    expect(mail?.text).toContain('nine years');
    expect(mail?.attachments).toEqual([
      { filename: 'Ada Lovelace CV.pdf', mimeType: 'application/pdf', size: CV_FILES.pdf.length },
    ]);
  });

  it.each([
    ['docx', 'cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['odt', 'cv.odt', 'application/vnd.oasis.opendocument.text'],
  ] as const)('takes a %s CV', async (kind, filename, type) => {
    // The browser's claimed type is ignored: the bytes decide.
    const response = await apply({
      ...FIELDS,
      cv: { filename, type: 'application/octet-stream', content: CV_FILES[kind] },
    });
    expect(response.statusCode, response.body).toBe(204);
    expect((await stored())[0]).toMatchObject({ cvName: filename, cvType: type });
    expect(mailsToCareers()[0]?.attachments[0]).toMatchObject({ filename, mimeType: type });
  });

  it('names the file by the type its bytes show, whatever it was called', async () => {
    await apply({ ...FIELDS, cv: { ...pdf, filename: 'C:\\Users\\ada\\my cv.docx' } });
    expect((await stored())[0]?.cvName).toBe('my cv.pdf');
  });

  it('refuses a file that is not a PDF, DOCX or ODT with 415, whatever its name says', async () => {
    const response = await apply({
      ...FIELDS,
      cv: { filename: 'cv.pdf', type: 'application/pdf', content: CV_FILES.pngNamedPdf },
    });
    expect(response.statusCode).toBe(415);
    expect(json(response).fieldErrors).toEqual({ cv: ['Send your CV as a PDF, DOCX or ODT file'] });
    expect(await stored()).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it('refuses a CV over 5 MB with 413 and keeps nothing', async () => {
    const content = Buffer.concat([CV_FILES.pdf, Buffer.alloc(CV_MAX_BYTES)]);
    const response = await apply({ ...FIELDS, cv: { ...pdf, content } });
    expect(response.statusCode).toBe(413);
    expect(await stored()).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it('refuses a second file with 413', async () => {
    const { body, contentType } = multipart({ ...FIELDS, cv: pdf, other: pdf });
    const response = await t.browser().request(PATH, {
      method: 'POST',
      body,
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode).toBe(413);
    expect(await stored()).toEqual([]);
  });

  it('answers 400 with a message per field', async () => {
    const response = await apply({ name: ' ', email: 'not-an-address', role: '', language: 'en' });
    expect(response.statusCode).toBe(400);
    expect(json(response).fieldErrors).toEqual({
      name: ['Enter your name'],
      email: ['Enter a valid email address'],
      role: ['Choose the position you apply for'],
      cv: ['Attach your CV'],
    });
  });

  it('refuses an empty file input as a missing CV', async () => {
    const response = await apply({
      ...FIELDS,
      cv: { filename: '', type: 'application/octet-stream', content: Buffer.alloc(0) },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).fieldErrors).toEqual({ cv: ['Attach your CV'] });
  });

  it('never answers 5xx to hostile names, fields and file names, and stores nothing it refuses', async () => {
    const hostile = fc.constantFrom(
      '\u0000',
      'a\u0000b',
      'x\ud800',
      '\u202e<script>',
      '../../etc/passwd',
      '"; x=',
    );
    await fc.assert(
      fc.asyncProperty(hostile, hostile, async (text, filename) => {
        await t.database.db.delete(rateLimits);
        const before = (await stored()).length;
        const response = await apply({ ...FIELDS, name: text, cv: { ...pdf, filename } });
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode >= 400) expect((await stored()).length).toBe(before);
      }),
      { numRuns: 20, seed: 20261124 },
    );
  });

  it('keeps a hostile file name out of the mail headers', () => {
    expect(cvFileName('..\\..\\a\u0000"\r\nX: y.pdf', 'pdf')).toBe('aX y.pdf');
    expect(cvFileName('\ud800', 'odt')).toBe('cv.odt');
  });

  it('drops a bot’s application silently', async () => {
    const response = await apply({ ...FIELDS, website: 'https://spam.example', cv: pdf });
    expect(response.statusCode).toBe(204);
    expect(await stored()).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it('is limited per address like the other public forms', async () => {
    for (let sent = 0; sent < LEAD_LIMITS.perAddress; sent++) expect((await apply()).statusCode).toBe(204);
    expect((await apply()).statusCode).toBe(429);
  });

  describe('posted by the page before its script runs', () => {
    const sameOrigin = { 'sec-fetch-site': 'same-origin', origin: 'null' };

    it('takes a same-origin post without the XSRF header and sends the browser back to the page', async () => {
      const response = await apply(
        { ...FIELDS, language: 'da', cv: pdf },
        { xsrf: false, headers: sameOrigin },
      );
      expect(response.statusCode, response.body).toBe(303);
      expect(response.headers.location).toBe('/da/careers#application-sent');
      expect(await stored()).toHaveLength(1);
      expect(mailsToCareers()).toHaveLength(1);
    });

    it('sends the browser back to the page that says it was not sent when anything is wrong', async () => {
      const response = await apply(
        { ...FIELDS, cv: { ...pdf, content: CV_FILES.pngNamedPdf } },
        { xsrf: false, headers: sameOrigin },
      );
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/careers#application-not-sent');
      expect(await stored()).toEqual([]);
    });

    it('refuses a post from another site without the XSRF header', async () => {
      const response = await apply(undefined, {
        xsrf: false,
        headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
      expect(await stored()).toEqual([]);
    });
  });
});
