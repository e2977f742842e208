import { z } from 'zod';
import { API_SCOPES } from './api-scopes';
import { API_TOKEN_MAX_DAYS, API_TOKEN_PREFIX } from './api-tokens';
import { ApiErrorBody, errorName } from './errors';
import { contract } from './index';
import { REFUSALS } from './refusals';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_KEY_PATTERN,
  isMutating,
  type RouteDefinition,
  type RouteGroup,
  XSRF_COOKIE,
  XSRF_HEADER,
} from './route';

type JsonSchema = z.core.JSONSchema.JSONSchema;

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  parameters?: Record<string, unknown>[];
  requestBody?: Record<string, unknown>;
  responses: Record<string, unknown>;
  security: Record<string, string[]>[];
}

export type OpenApiPathItem = Partial<Record<Lowercase<RouteDefinition['method']>, OpenApiOperation>> & {
  servers?: { url: string }[];
};

/** An OpenAPI 3.1 document, as far as this generator writes one. */
export interface OpenApiDocument {
  openapi: '3.1.1';
  info: { title: string; version: string; description: string };
  servers?: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    parameters: Record<string, unknown>;
    securitySchemes: Record<string, Record<string, unknown>>;
  };
}

/** Where each mount lives on the server's own origin (server/src/app.ts registers them there). */
const MOUNT_PREFIXES: Record<NonNullable<RouteDefinition['mount']>, string> = {
  api: '/api',
  root: '',
  finance: '/api/finance',
};

/**
 * What only our own programs call, so integrators are not offered it: the agent with its credential,
 * calendars and mail links by secret address, the site's chat widget, the browser's error and CSP
 * reports, the login page's company sign-in steps, and the portal's finance token exchange. They are described in the internal document.
 */
const INTERNAL_GROUPS = new Set([
  'agent',
  'serviceWindowPublic',
  'mailLinks',
  'chat',
  'reports',
  'ssoSignIn',
]);
const INTERNAL_ROUTES = new Set([
  'auth.financeTokens',
  'auth.refreshFinanceTokens',
  'auth.logoutWithRefreshToken',
]);

export const isInternalRoute = (group: string, name: string) =>
  INTERNAL_GROUPS.has(group) || INTERNAL_ROUTES.has(`${group}.${name}`);

/** The session cookie's name over plain HTTP; over HTTPS the server adds the `__Host-` prefix. */
const SESSION_COOKIE = 'tw_session';

const ERROR_SCHEMA = 'ApiError';
const SCHEMA_REF = '#/components/schemas/';
/** Where a schema named by zod (`.meta({ id })`) is referred to until its component name is settled. */
const PENDING_REF = '#/pending/';

/** The failures an operation may answer with, each a shared response whose body is the error schema. */
const ERROR_RESPONSES = {
  400: {
    name: 'BadRequest',
    description:
      'The request is malformed or does not validate; `fieldErrors` lists the messages for each field by its dot-joined path.',
  },
  401: {
    name: 'Unauthorised',
    description: 'No session or token, or one that has ended, expired or been revoked.',
  },
  403: {
    name: 'Forbidden',
    description:
      'The caller may not do this: a role without the capability, a token without the scope, a write to a customer the caller may only read, or a session write without the XSRF header.',
  },
  404: {
    name: 'NotFound',
    description: 'Nothing is at this address, or it belongs to a customer the caller may not see.',
  },
  409: {
    name: 'Conflict',
    description:
      'The change clashes with what is stored: a name already taken, or a state that no longer allows it.',
  },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the operation takes.' },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body is not of the media type the operation takes.',
  },
  422: {
    name: 'IdempotencyKeyReused',
    description: `The \`${IDEMPOTENCY_KEY_HEADER}\` was used before with another body or operation.`,
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many requests: try again after the seconds `Retry-After` names.',
  },
} as const;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

function errorResponseComponents() {
  return Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, { name, description }]) => [
      name,
      {
        description,
        ...(status === '429' && {
          headers: {
            'Retry-After': integerHeader('Seconds until the next request may be made.'),
            'RateLimit-Limit': integerHeader("An API token's requests per window (token calls only)."),
            'RateLimit-Remaining': integerHeader('Requests left in this window (token calls only).'),
            'RateLimit-Reset': integerHeader('Seconds until the window ends (token calls only).'),
          },
        }),
        content: { 'application/json': { schema: { $ref: `${SCHEMA_REF}${ERROR_SCHEMA}` } } },
      },
    ]),
  );
}

/**
 * Collects the schemas zod names (`.meta({ id })`) as components. Requests and answers may read
 * one schema differently (a default makes a field optional to send, present when answered), so
 * each is kept per direction and the request's form gets its own name only where they differ.
 */
function createSchemaCollector() {
  const named = new Map<string, { input?: JsonSchema; output?: JsonSchema }>();

  const pendingRef = (id: string, io: 'input' | 'output') => `${PENDING_REF}${io}/${id}`;
  const idOf = (ref: string) => {
    if (!ref.startsWith('#/$defs/')) throw new Error(`A schema refers to ${ref}: give it .meta({ id })`);
    return ref.slice('#/$defs/'.length);
  };

  function convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
    const { $schema: _dialect, $defs = {}, ...root } = converted;
    const redirect = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(redirect);
      if (!value || typeof value !== 'object') return value;
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) =>
          key === '$ref' && typeof item === 'string'
            ? [key, pendingRef(idOf(item), io)]
            : [key, redirect(item)],
        ),
      );
    };
    for (const [id, definition] of Object.entries($defs)) {
      // zod numbers a recursive schema it has no name for; numbers would clash between routes.
      if (id.startsWith('__schema'))
        throw new Error('A recursive schema needs a name: give it .meta({ id })');
      const entry = named.get(id) ?? {};
      entry[io] = redirect(definition) as JsonSchema;
      named.set(id, entry);
    }
    return redirect(root) as JsonSchema;
  }

  /** The component for each named schema, and where each pending reference now points. */
  function settle() {
    const schemas: Record<string, JsonSchema> = {};
    const targets = new Map<string, string>();
    for (const [id, { input, output }] of [...named].sort(([a], [b]) => a.localeCompare(b))) {
      const same = input && output && JSON.stringify(input) === JSON.stringify(output);
      if (output) schemas[id] = output;
      if (input && !output) schemas[id] = input;
      if (input && output && !same) schemas[`${id}Input`] = input;
      targets.set(pendingRef(id, 'output'), `${SCHEMA_REF}${id}`);
      targets.set(pendingRef(id, 'input'), `${SCHEMA_REF}${output && !same ? `${id}Input` : id}`);
    }
    return { schemas, targets };
  }

  return { convert, settle };
}

/** Replaces each pending `$ref` with the component it settled on. */
function pointRefs<T>(value: T, targets: Map<string, string>): T {
  if (Array.isArray(value)) return value.map((item) => pointRefs(item, targets)) as T;
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' ? (targets.get(item) ?? item) : pointRefs(item, targets),
    ]),
  ) as T;
}

const placeholders = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name as string);

function parametersOf(
  where: 'path' | 'query',
  schema: z.ZodObject | undefined,
  convert: (schema: z.ZodType, io: 'input') => JsonSchema,
) {
  if (!schema) return [];
  const { properties = {}, required = [] } = convert(schema, 'input');
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property as JsonSchema;
    return {
      name,
      in: where,
      required: where === 'path' || required.includes(name),
      ...(typeof description === 'string' && { description }),
      schema: rest,
    };
  });
}

function securityOf(route: RouteDefinition): Record<string, string[]>[] {
  if (route.access.kind === 'public') return [];
  const token = route.tokenScope ? [{ apiToken: [route.tokenScope] }] : [];
  return route.mount === 'finance' ? [{ financeToken: [] }, ...token] : [{ session: [] }, ...token];
}

function errorStatusesOf(route: RouteDefinition): ErrorStatus[] {
  const takesInput = Boolean(route.params || route.query || route.body);
  const statuses: (ErrorStatus | false)[] = [
    takesInput && 400,
    route.access.kind !== 'public' && 401,
    route.access.kind !== 'public' && 403,
    Boolean(route.params || route.tenant) && 404,
    isMutating(route.method) && 409,
    Boolean(route.body) && 413,
    Boolean(route.body) && 415,
    Boolean(route.creates) && 422,
    429,
  ];
  return statuses.filter((status): status is ErrorStatus => status !== false);
}

function successOf(route: RouteDefinition, convert: (schema: z.ZodType, io: 'output') => JsonSchema) {
  if (route.download) {
    return {
      200: {
        description: 'A file; its `Content-Type` names the kind.',
        content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
      },
    };
  }
  if (!route.response) return { 204: { description: 'Done; no body.' } };
  return {
    200: {
      description: 'Done.',
      content: { 'application/json': { schema: convert(route.response, 'output') } },
    },
  };
}

function operationOf(
  group: string,
  name: string,
  route: RouteDefinition,
  convert: ReturnType<typeof createSchemaCollector>['convert'],
): OpenApiOperation {
  const path = parametersOf('path', route.params, convert);
  const declared = path.map((parameter) => parameter.name).sort();
  if (JSON.stringify(declared) !== JSON.stringify(placeholders(route.path).sort())) {
    throw new Error(
      `${group}.${name}: the path ${route.path} and its params (${declared.join(', ')}) disagree`,
    );
  }
  const parameters = [
    ...path,
    ...parametersOf('query', route.query, convert),
    ...(route.creates ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
  ];
  const mediaType = route.encoding === 'multipart' ? 'multipart/form-data' : 'application/json';
  return {
    operationId: `${group}.${name}`,
    tags: [group],
    summary: route.summary,
    ...(parameters.length && { parameters }),
    ...(route.body && {
      requestBody: { required: true, content: { [mediaType]: { schema: convert(route.body, 'input') } } },
    }),
    responses: {
      ...successOf(route, convert),
      ...Object.fromEntries(
        errorStatusesOf(route).map((status) => [
          status,
          { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` },
        ]),
      ),
    },
    security: securityOf(route),
  };
}

function securitySchemes(product: string) {
  return {
    session: {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
      description: `The portal's sign-in (\`POST /api/auth\`). Every write also sends the \`${XSRF_HEADER}\` header with the value of the readable \`${XSRF_COOKIE}\` cookie.`,
    },
    apiToken: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: `${API_TOKEN_PREFIX}…`,
      description: `An API token a customer manager makes in the ${product} portal. An operation that takes tokens names the scope it needs (${API_SCOPES.map((scope) => `\`${scope}\``).join(', ')}); the others refuse them.`,
    },
    financeToken: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        'The finance API takes a short-lived access token from `POST /api/auth/finance-tokens` (a session call), renewed with its refresh token, and never a cookie.',
    },
  };
}

function publishedDescription(product: string): string {
  return `The ${product} API: the one the portal calls, open to your own automation.

## Tokens and scopes

Make an API token in the portal (Customer → API tokens) as a customer manager: name it, choose its scopes and how long it lasts (up to ${API_TOKEN_MAX_DAYS} days). The token (\`${API_TOKEN_PREFIX}…\`) is shown once; send it as \`Authorization: Bearer ${API_TOKEN_PREFIX}…\`. An operation that takes tokens lists the scope it needs under \`apiToken\`; an operation that does not refuses tokens. A token acts as the manager who made it, for the customer it was made for: the maker's role still limits it, and it stops working when the maker is deactivated. A call with a token sends no cookie and needs no XSRF header.

| Scope | Lets a token |
|---|---|
${API_SCOPES.map((scope) => {
  const [domain = scope, access] = scope.split(':');
  return `| \`${scope}\` | ${access === 'write' ? 'change' : 'read'} ${domain.replaceAll('_', ' ')} |`;
}).join('\n')}

The portal itself signs in with a session cookie, and writes then also send the \`${XSRF_HEADER}\` header echoing the \`${XSRF_COOKIE}\` cookie. The finance API (\`/api/finance\`) takes its own short-lived bearer tokens, or an API token where an operation names a scope.

## Rate limits

Each API token has its own limit of requests per minute, counted over every server. Every answer to a token's call says where it stands: \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds until the window ends). Past the limit the answer is 429 with \`Retry-After\`; signed-in people have a limit of their own.

## Errors

Every failure is JSON (\`${ERROR_SCHEMA}\`): \`error\` names the status, \`message\` says what went wrong, and a 400 adds \`fieldErrors\` with the messages for each field by its dot-joined path. \`messageId\` and \`values\` name the message in the catalog, for callers who show it in another language.

## Idempotency

Operations that create something take an \`${IDEMPOTENCY_KEY_HEADER}\` header (1–255 URL-safe characters; a UUID fits). Sending the same key with the same body again within ${IDEMPOTENCY_KEY_HOURS} hours answers the first result again and creates nothing; the same key with another body is refused with 422. Retry a create with the key you first sent.`;
}

export interface OpenApiOptions {
  /** The product's name, from the brand. */
  product: string;
  /** The server's version. */
  version: string;
  title: string;
  /** The document's introduction, in Markdown. */
  description: string;
}

/** The OpenAPI 3.1 document of some contract groups; `servers` is left to whoever serves it. */
export function openApiDocument(
  groups: Record<string, RouteGroup>,
  options: OpenApiOptions,
): OpenApiDocument {
  const collector = createSchemaCollector();
  const paths: Record<string, OpenApiPathItem> = {};
  for (const [group, routes] of Object.entries(groups)) {
    for (const [name, route] of Object.entries(routes)) {
      const path = `${MOUNT_PREFIXES[route.mount ?? 'api']}${route.path}`;
      const method = route.method.toLowerCase() as Lowercase<RouteDefinition['method']>;
      const item = paths[path] ?? {};
      paths[path] = item;
      if (item[method]) throw new Error(`${group}.${name}: ${route.method} ${path} is described twice`);
      item[method] = operationOf(group, name, route, collector.convert);
    }
  }
  const errorSchema = {
    ...collector.convert(ApiErrorBody, 'output'),
    // A refusal as the server writes one, rather than the viewers' `additionalProp1` filler.
    examples: [
      {
        error: errorName(400),
        message: REFUSALS.fieldsNeedAttention,
        fieldErrors: { scopes: ['Choose what the token may do'] },
      },
    ],
  };
  const { schemas, targets } = collector.settle();
  return pointRefs(
    {
      openapi: '3.1.1',
      info: { title: options.title, version: options.version, description: options.description },
      tags: Object.keys(groups).map((name) => ({ name })),
      paths,
      components: {
        schemas: { [ERROR_SCHEMA]: errorSchema, ...schemas },
        responses: errorResponseComponents(),
        parameters: {
          IdempotencyKey: {
            name: IDEMPOTENCY_KEY_HEADER,
            in: 'header',
            required: false,
            description: `Makes a repeated create answer the first result instead of creating again (for ${IDEMPOTENCY_KEY_HOURS} hours).`,
            schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
          },
        },
        securitySchemes: securitySchemes(options.product),
      },
    } satisfies OpenApiDocument,
    targets,
  );
}

/** Splits the contract's routes into those for integrators and those only our own programs call. */
function splitContract() {
  const split = (internal: boolean) =>
    Object.fromEntries(
      Object.entries(contract)
        .map(([group, routes]): [string, RouteGroup] => [
          group,
          Object.fromEntries(
            Object.entries(routes as RouteGroup).filter(
              ([name]) => isInternalRoute(group, name) === internal,
            ),
          ),
        ])
        .filter(([, routes]) => Object.keys(routes).length > 0),
    );
  return { published: split(false), internal: split(true) };
}

/**
 * The contract's two documents: the published one (`/api/openapi.json`, shown at `/api/docs`) and
 * the internal one (`/api/openapi-internal.json`) with the routes only our own programs call.
 */
export function contractDocuments(options: Pick<OpenApiOptions, 'product' | 'version'>) {
  const { published, internal } = splitContract();
  return {
    published: openApiDocument(published, {
      ...options,
      title: `${options.product} API`,
      description: publishedDescription(options.product),
    }),
    internal: openApiDocument(internal, {
      ...options,
      title: `${options.product} internal API`,
      description: `What only ${options.product}'s own programs call: the agent with its credential, calendar feeds and mail links by their secret address, the site's chat widget, the browser's error and CSP reports, and the portal's finance token exchange. It changes with them, without notice.`,
    }),
  };
}

/**
 * The document as one server serves it: its address, the session cookie's name there, and, when the
 * finance API has its own base URL, its paths relative to that URL.
 */
export function servedDocument(
  document: OpenApiDocument,
  where: { publicUrl: string; financeApiUrl: string; secureCookies: boolean },
): OpenApiDocument {
  const financePrefix = `${MOUNT_PREFIXES.finance}/`;
  const financeElsewhere = /^https?:\/\//.test(where.financeApiUrl);
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) =>
      financeElsewhere && path.startsWith(financePrefix)
        ? [path.slice(MOUNT_PREFIXES.finance.length), { ...item, servers: [{ url: where.financeApiUrl }] }]
        : [path, item],
    ),
  );
  const { session, ...schemes } = document.components.securitySchemes;
  return {
    ...document,
    servers: [{ url: where.publicUrl }],
    paths,
    components: {
      ...document.components,
      securitySchemes: {
        ...(session && {
          session: { ...session, name: where.secureCookies ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE },
        }),
        ...schemes,
      },
    },
  };
}
