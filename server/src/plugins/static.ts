import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonNotFound } from './errors';
import { PORTAL_PATH } from './portal-path';

export interface StaticOptions {
  siteDir: string;
  portalDir: string;
}

/** Where the portal's built assets are served from (its Vite `base`). */
export const PORTAL_ASSETS_PREFIX = '/app/';

/** Source maps stay off the web: they would publish the portal's source. */
const SOURCE_MAP = /\.map$/;

/** Every file the bundler writes into `hashedDir` carries its content hash in its name, so it never changes. */
function cacheHashedUnder(hashedDir: string) {
  return (reply: FastifyReply, filePath: string) => {
    const hashed = filePath.startsWith(hashedDir + path.sep);
    reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
}

const hasIndex = (dir: string) => fs.existsSync(path.join(dir, 'index.html'));
/** A built site has at least its 404 page; its home page may come later than other pages. */
const isBuiltSite = (dir: string) => hasIndex(dir) || fs.existsSync(path.join(dir, '404.html'));

/** The built page for an extension-less path (/blog → blog.html), if there is one. */
function sitePageFor(siteDir: string, pathname: string): string | undefined {
  const file = `${decodeURIComponent(pathname).replace(/^\/+|\/+$/g, '')}.html`;
  const full = path.resolve(siteDir, file);
  if (!full.startsWith(path.resolve(siteDir) + path.sep) || !fs.existsSync(full)) return undefined;
  return file;
}

/**
 * Serves the built site at `/` and the built portal for its paths. Either may be absent (not
 * built yet): its paths then answer 404 and the API works as ever.
 */
export async function registerStatic(app: FastifyInstance, options: StaticOptions) {
  const site = isBuiltSite(options.siteDir);
  const portal = hasIndex(options.portalDir);
  if (!site) app.log.warn({ dir: options.siteDir }, 'site not built: its pages will answer 404');
  if (!portal) app.log.warn({ dir: options.portalDir }, 'portal not built: its pages will answer 404');

  if (site) {
    // The site is built as files (login.html), served at extension-less paths (/login).
    await app.register(fastifyStatic, {
      root: options.siteDir,
      prefix: '/',
      wildcard: true,
      extensions: ['html'],
      allowedPath: (pathname) => !SOURCE_MAP.test(pathname),
      setHeaders: cacheHashedUnder(path.join(options.siteDir, '_astro')),
    });
  }
  if (portal) {
    await app.register(fastifyStatic, {
      root: options.portalDir,
      prefix: PORTAL_ASSETS_PREFIX,
      decorateReply: !site,
      allowedPath: (pathname) => !SOURCE_MAP.test(pathname),
      setHeaders: cacheHashedUnder(path.join(options.portalDir, 'assets')),
    });
  }

  /** Danish addresses get the Danish 404 page, when the site has one. */
  const hasDanishNotFoundPage = fs.existsSync(path.join(options.siteDir, 'da', '404.html'));
  const notFoundPageFor = (pathname: string) =>
    hasDanishNotFoundPage && /^\/da(\/|$)/.test(pathname) ? 'da/404.html' : '404.html';
  const siteNotFoundPage = path.join(options.siteDir, '404.html');
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    if (isPage && portal && PORTAL_PATH.test(pathname)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', options.portalDir);
    }
    // A page and a folder of pages may share a name (blog.html beside blog/, da.html beside da/):
    // the static handler stops at the folder, so the page is served here.
    const page = isPage && site ? sitePageFor(options.siteDir, pathname) : undefined;
    if (page) {
      return reply.header('cache-control', 'no-cache').sendFile(page, options.siteDir);
    }
    if (isPage && site && fs.existsSync(siteNotFoundPage)) {
      return reply.code(404).sendFile(notFoundPageFor(pathname), options.siteDir);
    }
    return jsonNotFound(request, reply);
  });
}
