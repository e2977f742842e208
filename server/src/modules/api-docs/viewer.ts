import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brand } from '@tidewatch/content';
import { XSRF_COOKIE, XSRF_HEADER } from '@tidewatch/contract';
import { escape as escapeHtml } from 'html-escaper';

/** Where the page and its files are served, under the API's mount. */
export const DOCS_PATH = '/docs';
export const PUBLISHED_DOCUMENT_PATH = '/openapi.json';
export const INTERNAL_DOCUMENT_PATH = '/openapi-internal.json';

export interface ViewerAsset {
  /** The name it is served at, with its content hash, so it may be kept for good. */
  name: string;
  type: string;
  body: Buffer;
}

/**
 * Swagger UI's own start, as a file of ours rather than an inline script (the CSP runs none but the
 * built pages'): the published document with a filter by group, no validator badge (it would load
 * an image from swagger.io), and "Try it out" writes echo the XSRF cookie as the portal's client does.
 */
function startScript(documentUrl: string) {
  return `"use strict";
window.SwaggerUIBundle({
  url: ${JSON.stringify(documentUrl)},
  dom_id: "#reference",
  deepLinking: true,
  filter: true,
  validatorUrl: null,
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  requestInterceptor: function (request) {
    var prefix = ${JSON.stringify(`${XSRF_COOKIE}=`)};
    var cookie = document.cookie.split("; ").find(function (part) { return part.indexOf(prefix) === 0; });
    if (request.method !== "GET" && cookie) request.headers[${JSON.stringify(XSRF_HEADER)}] = decodeURIComponent(cookie.slice(prefix.length));
    return request;
  },
});
`;
}

function asset(file: string, type: string, body: Buffer): ViewerAsset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const { name, ext } = path.parse(file);
  return { name: `${name}.${hash}${ext}`, type, body };
}

/** Swagger UI from its npm package, served from our own origin, and our start script. */
export function viewerAssets(documentUrl: string) {
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const packaged = (file: string, type: string) => asset(file, type, fs.readFileSync(path.join(dist, file)));
  return {
    styles: packaged('swagger-ui.css', 'text/css; charset=utf-8'),
    viewer: packaged('swagger-ui-bundle.js', 'text/javascript; charset=utf-8'),
    start: asset('reference.js', 'text/javascript; charset=utf-8', Buffer.from(startScript(documentUrl))),
  };
}

/** The reference page: the viewer's files by their hashed names; without script, the document's address. */
export function referencePage(
  assets: ReturnType<typeof viewerAssets>,
  assetsUrl: string,
  documentUrl: string,
) {
  const title = escapeHtml(`${brand.product} API reference`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${escapeHtml(`Every operation of the ${brand.product} API, with its parameters, answers and the tokens it takes.`)}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${assetsUrl}/${assets.styles.name}">
</head>
<body>
<main id="reference">
<noscript><h1>${title}</h1><p>The reference needs JavaScript. The OpenAPI document it shows is at <a href="${documentUrl}">${documentUrl}</a>.</p></noscript>
</main>
<script src="${assetsUrl}/${assets.viewer.name}"></script>
<script src="${assetsUrl}/${assets.start.name}"></script>
</body>
</html>
`;
}
