/**
 * The built server's resident memory, as the container's limit counts it: at rest once ready, and
 * during and after a load of requests that walks every kind of work: staff pages, site visitors'
 * chats with their location looked up (IPv4 and IPv6), sign-ins and /metrics. Runs
 * `server/dist/server.js` as its own process (the script builds it) on the embedded database and, when
 * DATABASE_URL is set, on PostgreSQL (a fresh database). Results go to
 * tests/bench/results/memory.json. Run with `pnpm bench:memory` (part of `pnpm bench`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { LOCATION_TOTP_PERIOD, locationAuthorization } from '../../packages/contract/src/chat';
import { generateTotpCode } from '../../packages/domain/src/totp';
import { DEMO_PASSWORD } from '../../server/src/seed/demo';
import { REPO_ROOT, type RunningServer, startServer } from '../support/server';

/** The manifests' memory limit (deploy/kubernetes/deployment.yaml). */
const LIMIT_MIB = 512;
/** Rounds of the request mix; each round's requests run this many at a time. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const IN_FLIGHT = 10;
/** Chats started (each from its own address), each with one location lookup. */
const CHATS = 60;
const METRICS_TOKEN = 'bench-metrics-token-that-is-long-enough';
/** A started or loaded server is done with its work once its memory holds within 1 MiB for this long. */
const SETTLE_MS = 2_000;

const mib = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

/** Resident set size of a process, from the kernel's own count. */
function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024;
}

/** Signed out, this only hands out the XSRF cookie. */
const FIRST_VISIT = { accept: [401] };

/** The memory once the server has finished what it was doing (the start's maintenance, a load's tail). */
async function settledRss(pid: number): Promise<number> {
  let last = rss(pid);
  for (let waited = 0; waited < 60_000; waited += SETTLE_MS) {
    await sleep(SETTLE_MS);
    const now = rss(pid);
    if (Math.abs(now - last) < 1024 * 1024) return now;
    last = now;
  }
  return last;
}

/** A browser's cookies and XSRF header against one server, from one client address. */
function client(baseUrl: string, address: string) {
  const jar = new Map<string, string>();
  return async (
    urlPath: string,
    init: { method?: string; body?: unknown; authorization?: string; accept?: number[] } = {},
  ) => {
    const response = await fetch(`${baseUrl}${urlPath}`, {
      method: init.method ?? 'GET',
      headers: {
        'x-forwarded-for': address,
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
        ...(init.authorization && { authorization: init.authorization }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    if (response.status >= 400 && !init.accept?.includes(response.status))
      throw new Error(`${init.method ?? 'GET'} ${urlPath}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/** A visitor starts a chat and has their address placed, as the site's widget does. */
async function chatWithLocation(baseUrl: string, visitor: number) {
  const ipv6 = visitor % 2 === 1;
  // Public addresses of real networks, so the lookups find places in both files.
  const address = ipv6
    ? `2a02:aa1:${(visitor * 37) % 65_536}::1`
    : `80.${62 + (visitor % 100)}.116.${visitor % 250}`;
  const request = client(baseUrl, address);
  await request('/api/auth', FIRST_VISIT);
  const started = await request('/api/chat/conversations', {
    method: 'POST',
    body: { name: `Visitor ${visitor}`, email: `visitor-${visitor}@bench.example`, locale: 'en', page: '/' },
  });
  const code = generateTotpCode(started.totp_secret, Date.now(), { period: LOCATION_TOTP_PERIOD });
  await request(`/api/user-location?userIp=${encodeURIComponent(address)}`, {
    authorization: locationAuthorization(started.id, code),
  });
}

/** Runs `work` for 0..count-1, `IN_FLIGHT` at a time. */
async function inTurns(count: number, work: (index: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** The server's memory after each kind of work, and the most it held at any moment. */
async function underLoad(server: RunningServer) {
  const pid = server.child.pid as number;
  let peak = rss(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(pid));
  }, 100);
  const staff = client(server.url, '10.0.0.1');
  await staff('/api/auth', FIRST_VISIT);
  await staff('/api/auth', {
    method: 'POST',
    body: { email: 'admin@tidewatch.example', password: DEMO_PASSWORD },
  });
  const staffPaths = [
    '/api/auth',
    '/api/admin/fleet?limit=50',
    '/api/admin/fleet?limit=50&status=stale',
    '/api/chat/inbox?limit=50',
  ];
  await inTurns(ROUNDS * staffPaths.length, (index) =>
    staff(staffPaths[index % staffPaths.length] as string),
  );
  const afterStaffPages = rss(pid);
  await inTurns(CHATS, (visitor) => chatWithLocation(server.url, visitor));
  const afterChats = rss(pid);
  await inTurns(ROUNDS, () =>
    fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) =>
      r.text(),
    ),
  );
  const settled = await settledRss(pid);
  clearInterval(sampler);
  return {
    afterStaffPagesMiB: mib(afterStaffPages),
    afterChatsMiB: mib(afterChats),
    settledMiB: mib(settled),
    peakMiB: mib(Math.max(peak, settled)),
  };
}

/** Started on an empty database (created, migrated, seeded), then again on it as a restart does. */
async function benchOn(serverUrl: string | undefined) {
  const env: Record<string, string> = {
    // Empty is unset: the embedded run must not pick up this process's DATABASE_URL.
    DATABASE_URL: '',
    APP_MODE: 'demo',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN,
    // Each visitor's address comes through as the ingress would pass it on.
    TRUST_PROXY: '1',
    USER_RATE_LIMIT_PER_MINUTE: '100000000',
  };
  let admin: pg.Client | undefined;
  const name = `tidewatch_memory_${Date.now()}`;
  if (serverUrl) {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  const first = await startServer({ env });
  const firstStartMiB = mib(await settledRss(first.child.pid as number));
  await first.stop();
  const server = await startServer({ dataDir: first.dataDir, env });
  try {
    const atRestMiB = mib(await settledRss(server.child.pid as number));
    const measured = { firstStartMiB, atRestMiB, ...(await underLoad(server)) };
    console.info(
      `${serverUrl ? 'PostgreSQL' : 'PGlite    '}  RSS MiB: first start ${measured.firstStartMiB}, restarted at rest ${measured.atRestMiB}, after staff pages ${measured.afterStaffPagesMiB}, after chats ${measured.afterChatsMiB}, settled ${measured.settledMiB}, peak ${measured.peakMiB} (limit ${LIMIT_MIB})`,
    );
    return measured;
  } finally {
    await server.stop();
    fs.rmSync(path.dirname(server.dataDir), { recursive: true, force: true });
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    }
  }
}

const runs: Record<string, Awaited<ReturnType<typeof benchOn>>> = {};
runs.pglite = await benchOn(undefined);
if (process.env.DATABASE_URL) runs.postgres = await benchOn(process.env.DATABASE_URL);
const report = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  limitMiB: LIMIT_MIB,
  rounds: ROUNDS,
  chats: CHATS,
  runs,
};
const out = path.join(REPO_ROOT, 'tests/bench/results/memory.json');
fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.info(`Written to ${path.relative(REPO_ROOT, out)}`);
