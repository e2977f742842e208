import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { contract } from '@tidewatch/contract';
import helmet from 'helmet';

/** Powerful browser features nothing of ours uses, denied to our pages and anything they embed. */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];
const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/** An inline script element: its attributes and its text, which is what CSP hashes. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Types the browser runs; data blocks (JSON-LD) are not scripts to CSP. */
const RUNNABLE_TYPE = /^(module|text\/javascript|application\/javascript)$/i;

function isRunnableInlineScript(attributes: string) {
  if (/\bsrc\s*=/i.test(attributes)) return false;
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
  return type === undefined || RUNNABLE_TYPE.test(type);
}

/** Every built page under `dir`. */
function htmlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(dir, file));
}

/**
 * The CSP sources (`'sha256-…'`) of every inline script in the built pages: Astro's island loader,
 * the nav's session switch, zod's settings. Read once at start, so a rebuild needs a restart.
 */
export function inlineScriptHashes(dirs: string[]): string[] {
  const hashes = new Set<string>();
  for (const file of dirs.flatMap(htmlFiles)) {
    const html = fs.readFileSync(file, 'utf8');
    for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
      if (!isRunnableInlineScript(attributes)) continue;
      hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

export type SecurityHeaders = (request: IncomingMessage, response: ServerResponse) => void;

/** Where browsers send what the CSP blocked (the Reporting API's endpoint name, and the address). */
const CSP_REPORTS = { endpoint: 'csp', path: `/api${contract.reports.csp.path}` };

/**
 * The CSP, source by source (decision 0075): everything comes from our own origin. Styles are the
 * pages' own inlined stylesheets and `style` attributes; images include the authenticator's QR code
 * (a data: URL); `connect-src 'self'` covers the API and the chat's WebSocket. Nothing else loads.
 */
function contentSecurityPolicyDirectives(options: { inlineScripts: string[]; secureTransport: boolean }) {
  return {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...options.inlineScripts],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'upgrade-insecure-requests': options.secureTransport ? [] : null,
    // Browsers with the Reporting API use report-to and ignore report-uri; the others use report-uri.
    'report-uri': [CSP_REPORTS.path],
    'report-to': [CSP_REPORTS.endpoint],
  };
}

/**
 * Sets the headers every answer carries: helmet's set, with a CSP that runs no inline script but
 * those of our built pages (by hash) and says where violations go, and a Permissions-Policy. One
 * function, so answers Fastify gives outside its hooks (a malformed URL) carry them too.
 */
export function createSecurityHeaders(options: {
  /** The built site and portal, whose inline scripts the CSP allows. */
  pageDirs: string[];
  secureTransport: boolean;
}): SecurityHeaders {
  const helmetHeaders = helmet({
    strictTransportSecurity: options.secureTransport,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicyDirectives({
        inlineScripts: inlineScriptHashes(options.pageDirs),
        secureTransport: options.secureTransport,
      }),
    },
  });
  const reportingEndpoints = `${CSP_REPORTS.endpoint}="${CSP_REPORTS.path}"`;
  return (request, response) => {
    helmetHeaders(request, response, (error) => {
      if (error) throw error;
    });
    response.setHeader('reporting-endpoints', reportingEndpoints);
    response.setHeader('permissions-policy', PERMISSIONS_POLICY);
  };
}
