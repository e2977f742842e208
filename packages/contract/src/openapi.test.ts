import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { contract } from './index';
import { contractDocuments, type OpenApiDocument, type OpenApiOperation, servedDocument } from './openapi';
import type { RouteGroup } from './route';

const documents = contractDocuments({ product: 'Tidewatch', version: '1.2.3' });
const where = { publicUrl: 'https://ops.tidewatch.test', financeApiUrl: '/api/finance', secureCookies: true };
const published = servedDocument(documents.published, where);
const internal = servedDocument(documents.internal, where);

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-openapi-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([pathName, item]) =>
    Object.entries(item)
      .filter(([method]) => method !== 'servers')
      .map(([method, operation]) => ({
        address: `${method.toUpperCase()} ${pathName}`,
        ...(operation as OpenApiOperation),
      })),
  );
}

const operation = (document: OpenApiDocument, operationId: string) =>
  operationsOf(document).find((candidate) => candidate.operationId === operationId);

const MOUNTS = { api: '/api', root: '', finance: '/api/finance' };

describe('the OpenAPI documents', () => {
  it('describe every route of the contract once, at its address, in one of the two', () => {
    const routes = Object.entries(contract).flatMap(([group, routes]) =>
      Object.entries(routes as RouteGroup).map(([name, route]) => ({
        operationId: `${group}.${name}`,
        address: `${route.method} ${MOUNTS[route.mount ?? 'api']}${route.path}`,
      })),
    );
    const described = [...operationsOf(published), ...operationsOf(internal)].map(
      ({ operationId, address }) => ({
        operationId,
        address,
      }),
    );
    const byId = (a: { operationId: string }, b: { operationId: string }) =>
      a.operationId.localeCompare(b.operationId);
    expect(described.sort(byId)).toEqual(routes.sort(byId));
  });

  it('keep to integrators what they may call, and the rest to the internal document', () => {
    expect(operation(published, 'servers.list')).toBeDefined();
    expect(operation(published, 'apiTokens.create')).toBeDefined();
    for (const id of ['agent.ping', 'auth.financeTokens', 'reports.csp', 'mailLinks.unsubscribe']) {
      expect(operation(published, id), id).toBeUndefined();
      expect(operation(internal, id), id).toBeDefined();
    }
  });

  it('name how each operation is called: public, session, API token scope or finance token', () => {
    expect(operation(published, 'auth.login')?.security).toEqual([]);
    expect(operation(published, 'servers.list')?.security).toEqual([
      { session: [] },
      { apiToken: ['servers:read'] },
    ]);
    expect(operation(published, 'apiTokens.create')?.security).toEqual([{ session: [] }]);
    expect(operation(published, 'invoices.list')?.security).toContainEqual({ financeToken: [] });
    expect(Object.keys(published.components.securitySchemes).sort()).toEqual([
      'apiToken',
      'financeToken',
      'session',
    ]);
  });

  it('give each operation the failures that apply, with the error body, and creates their Idempotency-Key', () => {
    const create = operation(published, 'apiTokens.create');
    expect(Object.keys(create?.responses ?? {})).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '422',
      '429',
    ]);
    expect(create?.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(Object.keys(operation(published, 'system.health')?.responses ?? {})).toEqual(['200', '429']);
    expect(operation(published, 'apiTokens.revoke')?.responses['204']).toBeDefined();
    expect(published.components.responses.BadRequest).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    });
    expect(published.components.schemas.ApiError?.required).toEqual(['error', 'message']);
  });

  it('are served with the address the server runs at, and a split finance API at its own', () => {
    expect(published.servers).toEqual([{ url: 'https://ops.tidewatch.test' }]);
    expect(published.components.securitySchemes.session?.name).toBe('__Host-tw_session');
    expect(published.paths['/api/finance/customer/invoices']).toBeDefined();
    const split = servedDocument(documents.published, {
      ...where,
      financeApiUrl: 'https://finance.tidewatch.test/v1',
    });
    expect(split.paths['/customer/invoices']?.servers).toEqual([
      { url: 'https://finance.tidewatch.test/v1' },
    ]);
    expect(Object.keys(split.paths).filter((name) => name.startsWith('/api/finance/'))).toEqual([]);
  });

  it("pass Redocly's recommended rules", () => {
    const file = path.join(workDir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(published));
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    const config = new URL('../redocly.yaml', import.meta.url).pathname;
    const result = spawnSync(
      process.execPath,
      [cli, 'lint', '--config', config, '--format', 'stylish', file],
      {
        encoding: 'utf8',
        // No usage reports or update checks: the lint runs offline.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  }, 60_000);

  it('make TypeScript types that compile and describe the operations', async () => {
    const types = path.join(workDir, 'api.ts');
    fs.writeFileSync(types, astToString(await openapiTS(JSON.stringify(published), { silent: true })));
    const usage = path.join(workDir, 'usage.ts');
    fs.writeFileSync(
      usage,
      `import type { components, operations, paths } from './api';
type Created = operations['apiTokens.create']['responses'][200]['content']['application/json'];
export const token: Created['token'] = 'twk_example';
export const scopes: components['schemas']['ApiScope'][] = ['servers:read'];
export const refusal: components['schemas']['ApiError'] = { error: 'Bad Request', message: 'Check the fields', fieldErrors: { name: ['Name the token'] } };
export type ServerList = paths['/api/customer/{customer_id}/servers']['get']['responses'][200]['content']['application/json'];
`,
    );
    const program = ts.createProgram([usage], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts'],
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 60_000);
});
