import type { OpenApiDocument } from '@tidewatch/contract/openapi';
import { describe, expect, it } from 'vitest';
import serverPackage from '../package.json' with { type: 'json' };
import { json, useTestApp } from './helpers';

const PUBLIC_URL = 'https://ops.tidewatch.test';
const t = useTestApp({ PUBLIC_URL });

const get = (url: string) => t.app.inject({ url });

describe('GET /api/openapi.json', () => {
  it('answers the published document, its server the PUBLIC_URL, cached briefly', async () => {
    const response = await get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const document = json<OpenApiDocument>(response);
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info).toMatchObject({ title: 'Tidewatch API', version: serverPackage.version });
    expect(document.servers).toEqual([{ url: PUBLIC_URL }]);
    expect(document.components.securitySchemes.session?.name).toBe('__Host-tw_session');
    expect(document.paths['/api/customer/{customer_id}/servers']?.get?.operationId).toBe('servers.list');
    expect(JSON.stringify(document)).not.toContain('localhost');
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/agent'))).toEqual([]);
  });

  it('keeps the routes only our own programs call in the internal document', async () => {
    const response = await get('/api/openapi-internal.json');
    expect(response.statusCode).toBe(200);
    const document = json<OpenApiDocument>(response);
    expect(document.servers).toEqual([{ url: PUBLIC_URL }]);
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/agent'))).toBe(true);
  });
});

describe('GET /api/docs', () => {
  it('serves the reference under the strict CSP, its viewer and start script from our own origin', async () => {
    const response = await get('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>Tidewatch API reference</title>');
    const policy = String(response.headers['content-security-policy']);
    const directives = new Map(
      policy.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toContain("'self'");
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy).not.toMatch(/\shttps?:/);
    // No inline script: every script is a file.
    expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);

    const files = [...response.body.matchAll(/\s(?:src|href)="([^"]+)"/g)].map(([, url = '']) => url);
    const assets = files.filter((url) => url.startsWith('/api/docs/assets/'));
    expect(files.every((url) => url.startsWith('/'))).toBe(true);
    expect(assets).toHaveLength(3);
    for (const url of assets) {
      const asset = await get(url);
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['content-type'], url).toMatch(/^text\/(css|javascript); charset=utf-8$/);
      expect(asset.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    const start = await get(assets.find((url) => url.includes('/reference.')) ?? '');
    expect(start.body).toContain('"/api/openapi.json"');
    expect(start.body).toContain('validatorUrl: null');
  });

  it('answers 404 for a file it does not have', async () => {
    const response = await get('/api/docs/assets/swagger-ui-bundle.000000000000.js');
    expect(response.statusCode).toBe(404);
    expect(json(response).error).toBe('Not Found');
  });
});
