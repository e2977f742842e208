import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brand, DEMO_SELLER, type Seller } from '@tidewatch/content';
import { vatNumberChecksOut } from '@tidewatch/contract/vat';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';

/** The repository root: two levels above both server/src (development) and server/dist (the bundle). */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const Port = z.coerce.number().int().min(0).max(65535);
/** A proxy's address, a CIDR range, or one of proxy-addr's named ranges. */
const ProxyAddress = z.union([
  z.ipv4(),
  z.ipv6(),
  z.cidrv4(),
  z.cidrv6(),
  z.enum(['loopback', 'linklocal', 'uniquelocal']),
]);
/**
 * Whose X-Forwarded-For to believe: nobody (`false`, `0`), the last N hops, or the listed proxies.
 * `true` would take whatever address a client writes there, so it is refused.
 */
const TrustProxy = z.string().transform((value, context) => {
  const refuse = (message: string) => {
    context.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  };
  if (value === 'true') {
    return refuse(
      'true would believe any X-Forwarded-For a client sends; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8,192.0.2.7)',
    );
  }
  if (value === 'false') return 0;
  if (/^\d+$/.test(value)) return Number(value);
  const proxies = value.split(',').map((entry) => entry.trim());
  if (proxies.every((entry) => ProxyAddress.safeParse(entry).success)) return proxies;
  return refuse(
    'must be false, a number of proxies (e.g. 1) or proxy addresses and CIDR ranges (e.g. 10.0.0.0/8,192.0.2.7)',
  );
});

/** Compact and upper case, as the seller's numbers are printed: `dk 1234 5674` → `DK12345674`. */
const compact = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();
/** The seller's VAT number, with the prefix of the country the company is registered in (brand.json). */
const SellerVatNumber = z
  .string()
  .transform(compact)
  .refine((value) => vatNumberChecksOut(value, brand.company.country), {
    error: `must be a valid ${brand.company.country} VAT number with its country prefix (e.g. ${brand.company.country}12345674)`,
  });
const SellerIban = z
  .string()
  .transform((value) => electronicFormatIBAN(value) ?? '')
  .refine((value) => isValidIBAN(value), {
    error: 'must be a valid IBAN (country, check digits and account)',
  });
const SellerBic = z
  .string()
  .transform(compact)
  .refine(isValidBIC, { error: 'must be a valid BIC/SWIFT code of 8 or 11 characters' });

/** The seller's identity; demo mode fills in the example company (DEMO_SELLER) for any left unset. */
const SELLER_VARIABLES = {
  SELLER_LEGAL_NAME: 'legalName',
  SELLER_ADDRESS: 'address',
  SELLER_VAT_NUMBER: 'vatNumber',
  SELLER_IBAN: 'iban',
  SELLER_BIC: 'bic',
} as const satisfies Record<string, keyof Seller>;

const EnvSchema = z.object({
  PORT: Port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// connection string' })
    .optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  DATABASE_POOL_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(1).default(2_000),
  DATA_DIR: z.string().min(1).default('.data'),
  APP_MODE: z.enum(['demo', 'production']).optional(),
  APP_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  STAFF_TWO_FACTOR: z.enum(['required', 'optional']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: TrustProxy.default(0),
  SITE_DIR: z.string().min(1).default('site/dist'),
  PORTAL_DIR: z.string().min(1).default('portal/dist'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_TRANSPORT: z.enum(['smtp', 'log']).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  AGENT_PACKAGE_REPO: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  STATUS_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  METRICS_TOKEN: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  MIGRATE_ON_START: z.enum(['true', 'false']).default('true'),
  USER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(3_000),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  CHAT_WEBHOOK_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: z.enum(['true', 'false']).default('false'),
  FINANCE_API_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  FINANCE_ACCESS_TOKEN_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  SSO_RECHECK_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  SELLER_LEGAL_NAME: z.string().trim().min(2).optional(),
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(5, { error: 'must be the registered address on one line' })
    .optional(),
  SELLER_VAT_NUMBER: SellerVatNumber.optional(),
  SELLER_IBAN: SellerIban.optional(),
  SELLER_BIC: SellerBic.optional(),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  /** Cookies get `Secure` and the `__Host-` prefix when the public URL is https. */
  secureCookies: boolean;
  databaseUrl: string | undefined;
  /** PostgreSQL ends a statement running longer (0: no limit of ours); the request is answered 503. */
  databaseStatementTimeoutMs: number;
  /** How long a request waits for a pooled PostgreSQL connection, or for a new one, before a 503. */
  databasePoolAcquireTimeoutMs: number;
  dataDir: string;
  mode: 'demo' | 'production';
  appSecret: string | undefined;
  /** Whether staff must have a second factor; only demo mode may relax it. */
  staffTwoFactor: 'required' | 'optional';
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Proxies whose X-Forwarded-For is believed: a hop count (0: none) or their addresses. */
  trustProxy: number | string[];
  siteDir: string;
  portalDir: string;
  bodyLimitBytes: number;
  /** Without it, mail goes to the outbox table and the log. */
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** Where install scripts get the management agent package; without it that step is skipped. */
  agentPackageRepo: string | undefined;
  /** The status page the site's footer links to; without it the footer has no status link. */
  statusUrl: string | undefined;
  /** The bearer token `/metrics` asks for; without it the endpoint does not exist. */
  metricsToken: string | undefined;
  /** False where a separate job migrates before a rollout (the Kubernetes manifests). */
  migrateOnStart: boolean;
  /** API requests a signed-in user may make per minute, over every replica. */
  userRateLimitPerMinute: number;
  /** API requests one API token may make per minute, over every replica (its own limit, not its maker's). */
  apiTokenRateLimitPerMinute: number;
  /** A Mattermost-compatible incoming webhook told of each new chat; without it, mail alone. */
  chatWebhookUrl: string | undefined;
  /** Customers' webhooks may go to loopback and private addresses (tests, a demo on one machine). */
  webhooksAllowPrivateTargets: boolean;
  /** Where the portal sends finance calls with a bearer token; by default this server's `/api/finance`. */
  financeApiUrl: string;
  /** How long a finance access token lasts, in seconds; short, so a leaked one is soon worthless. */
  financeAccessTokenSeconds: number;
  /** A session from a company sign-in is confirmed with the provider again when used this long after the last time. */
  ssoRecheckMinutes: number;
  seller: Seller;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the environment; a bad value stops start-up with a message naming the variable. Relative
 * paths are taken from the repository root, wherever the process was started.
 */
export function loadConfig(env: NodeJS.ProcessEnv, root = REPO_ROOT): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const mode = e.APP_MODE ?? (e.DATABASE_URL ? 'production' : 'demo');
  if (mode === 'production' && !e.APP_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  APP_SECRET: required in production mode (at least 32 random characters)',
    );
  }
  // Relaxing the staff's second factor is for a demo on one machine, never for real staff accounts.
  if (mode === 'production' && e.STAFF_TWO_FACTOR === 'optional') {
    throw new ConfigError(
      'Invalid configuration:\n  STAFF_TWO_FACTOR: must be required in production mode (optional is for the demo only)',
    );
  }
  // Mail kept in the log would put set-password links there: production asks for SMTP or says so.
  const mailTransport = e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : mode === 'demo' ? 'log' : undefined);
  if (mailTransport !== 'log' && !e.SMTP_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  SMTP_URL: required ${e.MAIL_TRANSPORT ? 'with MAIL_TRANSPORT=smtp' : 'in production mode'} (or set MAIL_TRANSPORT=log to keep mail in the outbox table and the log)`,
    );
  }
  const seller = sellerOf(e, mode);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    databaseUrl: e.DATABASE_URL,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    databasePoolAcquireTimeoutMs: e.DATABASE_POOL_ACQUIRE_TIMEOUT_MS,
    dataDir: path.resolve(root, e.DATA_DIR),
    mode,
    appSecret: e.APP_SECRET,
    staffTwoFactor: e.STAFF_TWO_FACTOR ?? (mode === 'production' ? 'required' : 'optional'),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    siteDir: path.resolve(root, e.SITE_DIR),
    portalDir: path.resolve(root, e.PORTAL_DIR),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    smtpUrl: mailTransport === 'smtp' ? e.SMTP_URL : undefined,
    mailFrom: e.MAIL_FROM,
    agentPackageRepo: e.AGENT_PACKAGE_REPO,
    statusUrl: e.STATUS_URL,
    metricsToken: e.METRICS_TOKEN,
    migrateOnStart: e.MIGRATE_ON_START === 'true',
    userRateLimitPerMinute: e.USER_RATE_LIMIT_PER_MINUTE,
    apiTokenRateLimitPerMinute: e.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    chatWebhookUrl: e.CHAT_WEBHOOK_URL,
    webhooksAllowPrivateTargets: e.WEBHOOKS_ALLOW_PRIVATE_TARGETS === 'true',
    // Unset: this server's own mount, as a path, so the portal calls it on whatever origin it was opened at.
    financeApiUrl: e.FINANCE_API_URL?.replace(/\/$/, '') ?? '/api/finance',
    financeAccessTokenSeconds: e.FINANCE_ACCESS_TOKEN_SECONDS,
    ssoRecheckMinutes: e.SSO_RECHECK_MINUTES,
    seller,
  };
}

/** The seller from its variables: production needs every one, since an invoice without them is not valid. */
function sellerOf(e: z.infer<typeof EnvSchema>, mode: Config['mode']): Seller {
  const entries = Object.entries(SELLER_VARIABLES) as [keyof typeof SELLER_VARIABLES, keyof Seller][];
  const missing = entries.filter(([variable]) => e[variable] === undefined).map(([variable]) => variable);
  if (mode === 'production' && missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((variable) => `  ${variable}: required in production mode (printed on every invoice and on the site)`).join('\n')}`,
    );
  }
  return Object.fromEntries(
    entries.map(([variable, field]) => [field, e[variable] ?? DEMO_SELLER[field]]),
  ) as Record<keyof Seller, string>;
}
