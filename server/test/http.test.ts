import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_ORIGIN, BUILD_STATUS_URL, DEMO_SELLER, registrationNumber } from '@tidewatch/content';
import { type PdfMeta, PdfWriter } from '@tidewatch/content/pdf-writer';
import { REFUSALS } from '@tidewatch/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../tests/support/pdf-text';
import { buildApp } from '../src/app';
import { appLoggingToLines, json, TEST_SECRET, TestBrowser, testConfig, useTestApp } from './helpers';

const t = useTestApp({ BODY_LIMIT_BYTES: '2048' });

describe('error answers', () => {
  it('answers an unknown API route with a JSON 404', async () => {
    const response = await t.browser().request('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({
      error: 'Not Found',
      message: 'No route for GET /api/no-such-thing',
      messageId: REFUSALS.noRoute,
      values: { method: 'GET', path: '/api/no-such-thing' },
    });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await t.browser().request('/api/auth', {
      method: 'POST',
      body: 'email=a@b.c',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(json(response).error).toBe('Unsupported Media Type');
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await t.browser().request('/api/auth', {
      method: 'POST',
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ error: 'Bad Request', message: 'The request body is not valid JSON' });
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await t.browser().request('/api/auth', {
      method: 'POST',
      body: { email: 'a@b.example', password: 'x'.repeat(4096) },
    });
    expect(response.statusCode).toBe(413);
    expect(json(response).error).toBe('Payload Too Large');
  });
});

describe('an unexpected failure', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), db: t.database.db, secret: TEST_SECRET });
    app.get('/boom', async () => {
      throw new Error('relation "secret_table" does not exist: SELECT password FROM secret_table');
    });
  });
  afterAll(() => app.close());

  it('answers 500 with the request id and nothing of its cause', async () => {
    const response = await app.inject({ url: '/boom', headers: { 'x-request-id': 'trace-123' } });
    expect(response.statusCode).toBe(500);
    expect(json(response)).toEqual({
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. If it keeps happening, quote request id trace-123.',
      messageId: REFUSALS.serverFault,
      values: { requestId: 'trace-123' },
    });
    expect(response.body).not.toMatch(/secret_table|SELECT|at .*\.ts/);
  });
});

describe('probes', () => {
  it('answers /healthz and /readyz', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await t.browser().request(url);
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ status: 'ok' });
    }
  });

  it('answers /readyz while user transactions hold every connection', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // More open transactions than the pool has connections (PGlite has one), each waiting on the gate.
    const userTransactions = Array.from({ length: 12 }, () =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await gate;
      }),
    );
    const response = await t.browser().request('/readyz');
    release();
    await Promise.all(userTransactions);
    expect(response.statusCode).toBe(200);
  });
});

describe('request ids and headers', () => {
  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const kept = await t.browser().request('/healthz', { headers: { 'x-request-id': 'lb-42.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-42.abc');
    const replaced = await t
      .browser()
      .request('/healthz', { headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers, and no caching for API answers', async () => {
    const response = await t.browser().request('/api/timezone');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('lists exactly the sources our pages load from, and where violations are reported', async () => {
    const response = await t.browser().request('/api/timezone');
    expect(response.headers['content-security-policy']).toBe(
      [
        "default-src 'none'",
        "script-src 'self'",
        "script-src-attr 'none'",
        "style-src 'self' 'unsafe-inline'",
        "font-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'self'",
        "object-src 'none'",
        'report-uri /api/csp-reports',
        'report-to csp',
      ].join(';'),
    );
    expect(response.headers['reporting-endpoints']).toBe('csp="/api/csp-reports"');
  });

  it('runs no inline script and denies the powerful browser features', async () => {
    const response = await t.browser().request('/api/timezone');
    const scriptSrc = scriptSources(response.headers['content-security-policy']);
    expect(scriptSrc).toEqual(["'self'"]);
    const permissions = String(response.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(permissions).toContain(`${feature}=()`);
    }
  });

  it('answers a malformed URL 400 with the security headers, never echoing it', async () => {
    for (const [url, type] of [
      ['/%', 'text/plain'],
      ['/login%zz<script>', 'text/plain'],
      ['/api/servers/%E0%A4%A', 'application/json'],
    ] as const) {
      const response = await t.browser().request(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type'], url).toContain(type);
      expect(response.headers['content-security-policy'], url).toContain("default-src 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['permissions-policy'], url).toContain('camera=()');
      expect(response.body, url).not.toContain('%');
      if (type === 'application/json') {
        expect(json(response), url).toEqual({
          error: 'Bad Request',
          message: 'The address of the request is not valid',
        });
      }
    }
  });
});

/** The sources of a CSP header's script-src directive. */
function scriptSources(header: unknown): string[] {
  const directive = String(header)
    .split(';')
    .find((part) => part.trim().startsWith('script-src '));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

describe('logs', () => {
  it('never contain a password, a cookie or a token', async () => {
    const { app, lines } = await appLoggingToLines(t.database.db, 'trace');
    try {
      const browser = new TestBrowser(app);
      await browser.login('manager@acme.example');
      await browser.login('manager@acme.example', 'a-wrong-password-attempt');
      await browser.request('/api/auth?reset_token=abcdef123456');
      const log = lines.join('');
      expect(log).toContain('"reqId"');
      expect(log).not.toContain('tidewatch-demo');
      expect(log).not.toContain('a-wrong-password-attempt');
      expect(log).not.toContain('abcdef123456');
      for (const value of browser.cookies.values()) expect(log).not.toContain(value);
    } finally {
      await app.close();
    }
  });
});

/** Inline scripts like Astro's island loader and the portal's settings. */
const ISLAND_LOADER = '(()=>{(self.Astro||(self.Astro={})).load=async(t)=>{await(await t())()};})();';
const PORTAL_SETTINGS = 'globalThis.settings = {};';
const sha256Source = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

describe('serving the built site and portal', () => {
  let app: FastifyInstance;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-static-'));
  const siteDir = path.join(root, 'site');
  const portalDir = path.join(root, 'portal');

  beforeAll(async () => {
    fs.mkdirSync(path.join(siteDir, 'pricing'), { recursive: true });
    fs.mkdirSync(path.join(portalDir, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(siteDir, 'index.html'),
      `<h1>site home</h1><script>${ISLAND_LOADER}</script><script type="application/ld+json">{}</script>`,
    );
    fs.mkdirSync(path.join(siteDir, '_astro'));
    fs.writeFileSync(path.join(siteDir, '_astro', 'island.Ab12Cd34.js'), 'console.log(2)');
    fs.writeFileSync(path.join(siteDir, '_astro', 'chart.Ab12Cd34_Z1xY2.webp'), 'webp');
    fs.writeFileSync(path.join(siteDir, 'pricing', 'index.html'), '<h1>site pricing</h1>');
    fs.writeFileSync(path.join(siteDir, '404.html'), '<h1>site not found</h1>');
    fs.mkdirSync(path.join(siteDir, 'blog'));
    fs.writeFileSync(path.join(siteDir, 'blog.html'), '<h1>site blog</h1>');
    fs.writeFileSync(path.join(siteDir, 'blog', 'first-post.html'), '<h1>first post</h1>');
    fs.writeFileSync(
      path.join(portalDir, 'index.html'),
      `<script>${PORTAL_SETTINGS}</script><div id="portal"></div>`,
    );
    fs.writeFileSync(path.join(portalDir, 'assets', 'main.js'), 'console.log(1)');
    fs.writeFileSync(path.join(portalDir, 'assets', 'index-B5d2a5EH.js'), 'console.log(3)');
    fs.writeFileSync(path.join(portalDir, 'assets', 'index-B5d2a5EH.js.map'), '{"sources":[]}');
    app = await buildApp({
      config: testConfig({ SITE_DIR: siteDir, PORTAL_DIR: portalDir }),
      db: t.database.db,
      secret: TEST_SECRET,
    });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("serves the site's pages at the root", async () => {
    expect((await app.inject('/')).body).toContain('site home');
    expect((await app.inject('/pricing/')).body).toContain('site pricing');
  });

  it('serves a page that has a folder of pages of the same name', async () => {
    const blog = await app.inject('/blog');
    expect(blog.statusCode).toBe(200);
    expect(blog.body).toContain('site blog');
    expect((await app.inject('/blog/first-post')).body).toContain('first post');
    fs.writeFileSync(path.join(root, 'outside.html'), 'not for the web');
    expect((await app.inject('/%2e%2e%2foutside')).statusCode).toBe(404);
  });

  it("gives every /user, /customer and /admin path the portal's index.html", async () => {
    for (const url of ['/user/servers', '/customer/teams/ops', '/admin/impersonate', '/user']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('id="portal"');
    }
    expect((await app.inject('/app/assets/main.js')).body).toBe('console.log(1)');
  });

  it("answers a malformed portal address 400 with the portal's page and the security headers", async () => {
    const page = await app.inject('/user/%E0%A4%A');
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('id="portal"');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const api = await app.inject('/api/servers/%E0%A4%A');
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ error: 'Bad Request' });
  });

  it("answers other unknown pages with the site's 404 page, and the API with JSON", async () => {
    const page = await app.inject('/no-such-page');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('site not found');
    const api = await app.inject('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'Not Found' });
  });

  it("allows the built pages' inline scripts by their hash, and no other inline script", async () => {
    const home = await app.inject('/');
    expect(scriptSources(home.headers['content-security-policy']).sort()).toEqual(
      ["'self'", sha256Source(ISLAND_LOADER), sha256Source(PORTAL_SETTINGS)].sort(),
    );
  });

  it('caches hashed assets for a year and pages not at all', async () => {
    for (const url of [
      '/_astro/island.Ab12Cd34.js',
      '/_astro/chart.Ab12Cd34_Z1xY2.webp',
      '/app/assets/index-B5d2a5EH.js',
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/blog', '/user/servers']) {
      expect((await app.inject(url)).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('never serves source maps', async () => {
    const response = await app.inject('/app/assets/index-B5d2a5EH.js.map');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('sources');
  });

  it('keeps the API working beside them', async () => {
    expect((await app.inject('/api/timezone')).statusCode).toBe(200);
  });
});

describe('one built site served under any address', () => {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-origin-'));
  const ORIGIN_SCRIPT = `globalThis.origin = '${BUILD_ORIGIN}';`;
  const pageText = (origin: string) =>
    `<link rel="canonical" href="${origin}/pricing"><meta property="og:image" content="${origin}/share-card.png">` +
    `<p>${'Managed operations. '.repeat(100)}</p>`;
  const apps: FastifyInstance[] = [];
  const STATUS_LINK = `<li><a href="${BUILD_STATUS_URL}">Service status</a></li>`;
  // As site/src/components/SellerIdentity.astro writes it, with Astro's scoping attribute.
  const SELLER_LINE =
    `<p>© 2026 <span data-seller="legal-name" data-astro-cid-x>${DEMO_SELLER.legalName}</span>, CVR no. ` +
    `<span data-seller="cvr">${registrationNumber(DEMO_SELLER)}</span>, <span data-seller="address">${DEMO_SELLER.address}</span>.</p>`;
  const appAt = async (publicUrl: string, statusUrl?: string, seller: Record<string, string> = {}) => {
    const app = await buildApp({
      config: testConfig({
        SITE_DIR: siteDir,
        PUBLIC_URL: publicUrl,
        ...(statusUrl && { STATUS_URL: statusUrl }),
        ...seller,
      }),
      db: t.database.db,
      secret: TEST_SECRET,
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    // Written as the site writes its PDFs (site/src/pdf/documents.ts).
    const meta: PdfMeta = {
      title: 'Brief',
      subject: 'Brief',
      language: 'en',
      author: 'Tidewatch',
      keywords: [],
    };
    const pdf = await PdfWriter.create(meta, { rewritable: true });
    pdf.paragraph(`Start a trial at ${BUILD_ORIGIN}/sign-up, or write to Żółć 株式会社.`);
    fs.writeFileSync(path.join(siteDir, 'brief.pdf'), await pdf.finish(() => ({ left: '', right: '' })));
    fs.writeFileSync(
      path.join(siteDir, 'pricing.html'),
      `${pageText(BUILD_ORIGIN)}<script>${ORIGIN_SCRIPT}</script><ul><li><a href="/blog">Blog</a></li>${STATUS_LINK}</ul>${SELLER_LINE}`,
    );
    fs.writeFileSync(path.join(siteDir, '404.html'), '<h1>not found</h1>');
    fs.writeFileSync(path.join(siteDir, 'robots.txt'), `Sitemap: ${BUILD_ORIGIN}/sitemap-index.xml`);
    fs.writeFileSync(
      path.join(siteDir, 'sitemap-0.xml'),
      `<urlset><url><loc>${BUILD_ORIGIN}/</loc></url></urlset>`,
    );
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    fs.rmSync(siteDir, { recursive: true, force: true });
  });

  it('carries each server’s PUBLIC_URL in pages, robots.txt, sitemaps and PDFs, and leaves the build as it was', async () => {
    for (const origin of ['https://status.example.com', 'https://ops.example.org']) {
      const app = await appAt(origin);
      const page = await app.inject({ url: '/pricing', headers: { 'accept-encoding': 'identity' } });
      expect(page.body).toContain(pageText(origin));
      expect(page.body).not.toContain(BUILD_ORIGIN);
      expect(Number(page.headers['content-length'])).toBe(Buffer.byteLength(page.body));
      const compressed = await app.inject({ url: '/pricing', headers: { 'accept-encoding': 'gzip' } });
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect((await app.inject('/robots.txt')).body).toBe(`Sitemap: ${origin}/sitemap-index.xml`);
      expect((await app.inject('/sitemap-0.xml')).body).toContain(`<loc>${origin}/</loc>`);
      const brief = await pdfText((await app.inject('/brief.pdf')).rawPayload);
      expect(brief).toContain(`Start a trial at ${origin}/sign-up, or write to Żółć 株式会社.`);
      // The inline script is allowed as it is sent, with the address in it.
      expect(scriptSources(page.headers['content-security-policy'])).toContain(
        sha256Source(ORIGIN_SCRIPT.replace(BUILD_ORIGIN, origin)),
      );
    }
    expect(fs.readFileSync(path.join(siteDir, 'robots.txt'), 'utf8')).toContain(BUILD_ORIGIN);
  });

  it('links the footer to STATUS_URL, and without one leaves the status link out', async () => {
    const withStatus = await appAt('https://ops.example.org', 'https://status.example.net/');
    const linked = (await withStatus.inject('/pricing')).body;
    expect(linked).toContain('<li><a href="https://status.example.net/">Service status</a></li>');
    const withoutStatus = await appAt('https://ops.example.org');
    const page = (await withoutStatus.inject('/pricing')).body;
    expect(page).toContain('<ul><li><a href="/blog">Blog</a></li></ul>');
    expect(page).not.toContain('Service status');
  });

  it('names the configured seller in the pages, and the example company when none is set', async () => {
    const configured = await appAt('https://ops.example.org', undefined, {
      SELLER_LEGAL_NAME: 'Nordlys & Søn ApS',
      SELLER_ADDRESS: 'Åboulevard 1, 2200 København N, Denmark',
      SELLER_VAT_NUMBER: 'DK 29 00 00 18',
    });
    const page = (await configured.inject('/pricing')).body;
    expect(page).toContain(
      '<p>© 2026 <span data-seller="legal-name" data-astro-cid-x>Nordlys &amp; Søn ApS</span>, CVR no. ' +
        '<span data-seller="cvr">29000018</span>, <span data-seller="address">Åboulevard 1, 2200 København N, Denmark</span>.</p>',
    );
    expect(page).not.toContain(DEMO_SELLER.legalName);
    expect((await (await appAt('https://ops.example.org')).inject('/pricing')).body).toContain(SELLER_LINE);
  });

  it('says in security.txt when it expires, counted from the day it is asked for', async () => {
    const app = await appAt('https://ops.example.org');
    const response = await app.inject('/.well-known/security.txt');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const expires = new Date(/^Expires: (.+)$/m.exec(response.body)?.[1] ?? '');
    const days = (expires.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(178);
    expect(days).toBeLessThan(181);
    expect(response.body).toContain('Canonical: https://ops.example.org/.well-known/security.txt');
    expect(response.body).toContain('Contact: mailto:');
  });

  it('deletes its copy of the site when it closes', async () => {
    const before = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('tidewatch-site-')).length;
    const app = await appAt('https://status.example.com');
    await app.close();
    const after = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('tidewatch-site-')).length;
    expect(after).toBe(before);
  });
});
