import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brand } from '@tidewatch/content';
import { contractDocuments, type OpenApiDocument } from '@tidewatch/contract/openapi';
import serverPackage from '../../../package.json' with { type: 'json' };

export type ApiDocuments = ReturnType<typeof contractDocuments>;

/** The folder beside the bundle the build writes the documents into (src/write-api-documents.ts). */
const BUNDLED_DOCUMENTS = 'openapi';
const FILES: Record<keyof ApiDocuments, string> = {
  published: 'openapi.json',
  internal: 'openapi-internal.json',
};

const here = path.dirname(fileURLToPath(import.meta.url));

const generate = () => contractDocuments({ product: brand.product, version: serverPackage.version });

/** Writes the documents for the bundle in `dir` to read at start. */
export function writeApiDocuments(dir: string) {
  const target = path.join(dir, BUNDLED_DOCUMENTS);
  fs.mkdirSync(target, { recursive: true });
  for (const [name, document] of Object.entries(generate()) as [keyof ApiDocuments, OpenApiDocument][]) {
    fs.writeFileSync(path.join(target, FILES[name]), JSON.stringify(document));
  }
}

/** The documents the build wrote beside the bundle; run from source (development, tests), made now. */
export function loadApiDocuments(): ApiDocuments {
  const dir = path.join(here, BUNDLED_DOCUMENTS);
  if (!fs.existsSync(dir)) return generate();
  const read = (name: keyof ApiDocuments): OpenApiDocument =>
    JSON.parse(fs.readFileSync(path.join(dir, FILES[name]), 'utf8'));
  return { published: read('published'), internal: read('internal') };
}
