import { servedDocument } from '@tidewatch/contract/openapi';
import type { FastifyInstance } from 'fastify';
import { loadApiDocuments } from './documents';
import {
  DOCS_PATH,
  INTERNAL_DOCUMENT_PATH,
  PUBLISHED_DOCUMENT_PATH,
  referencePage,
  viewerAssets,
} from './viewer';

export interface ApiDocsOptions {
  publicUrl: string;
  financeApiUrl: string;
  secureCookies: boolean;
}

/** The documents change with a release; a client asks again after this long. */
const DOCUMENT_CACHE = 'public, max-age=300';
/** Assets are named by their content: a new release names new files. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * The OpenAPI documents generated from the contract (decision 0099), with this server's address,
 * and the reference page that shows the published one. Public: registered under `/api` but
 * outside the session scope.
 */
export async function apiDocsRoutes(app: FastifyInstance, options: ApiDocsOptions) {
  const documents = loadApiDocuments();
  const json = (document: typeof documents.published) => JSON.stringify(servedDocument(document, options));
  const published = json(documents.published);
  const internal = json(documents.internal);
  const documentUrl = `${app.prefix}${PUBLISHED_DOCUMENT_PATH}`;
  const assetsUrl = `${app.prefix}${DOCS_PATH}/assets`;
  const assets = viewerAssets(documentUrl);
  const page = referencePage(assets, assetsUrl, documentUrl);
  const byName = new Map(Object.values(assets).map((asset) => [asset.name, asset]));

  app.get(PUBLISHED_DOCUMENT_PATH, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', DOCUMENT_CACHE).send(published),
  );
  app.get(INTERNAL_DOCUMENT_PATH, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', DOCUMENT_CACHE).send(internal),
  );
  app.get(DOCS_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', DOCUMENT_CACHE).send(page),
  );
  app.get<{ Params: { name: string } }>(`${DOCS_PATH}/assets/:name`, async (request, reply) => {
    const asset = byName.get(request.params.name);
    if (!asset) return reply.callNotFound();
    return reply.type(asset.type).header('cache-control', ASSET_CACHE).send(asset.body);
  });
}
