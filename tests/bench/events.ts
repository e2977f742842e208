/**
 * The portal's live event stream at 2,000 open streams (BENCH_STREAMS): what each stream weighs in
 * the server (resident memory and heap grown, over the streams held) and the time from a change
 * made through the API to its event arriving on every stream, p50 and p99. Runs the built server
 * (the script builds it) as its own process on the embedded database; with DATABASE_URL, again on
 * PostgreSQL, and as two replicas behind nginx with the streams spread over both, the change made
 * on one (LISTEN/NOTIFY between them). Results go to tests/bench/results/events.json. Run with
 * `pnpm bench:events` (part of `pnpm bench`).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../server/src/seed/demo';
import { NGINX, nginxConfig } from '../support/nginx';
import { freePort, REPO_ROOT, type RunningServer, startServer } from '../support/server';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 2_000);
/** The server's cap on one sign-in's streams (MAX_STREAMS_PER_SESSION): the streams are spread over sign-ins. */
const STREAMS_PER_SIGN_IN = 20;
/** Changes made one after the other; each is timed to every stream. */
const CHANGES = Number(process.env.BENCH_CHANGES ?? 20);
const OPENING_AT_ONCE = 100;
const METRICS_TOKEN = 'bench-metrics-token-that-is-long-enough';
const CERTNAME = 'web-01.acmecorp';
const SETTLE_MS = 2_000;

const mib = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));

function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024;
}

/** A server's resident memory and heap once it has settled (within 1 MiB for two seconds). */
async function settled(server: RunningServer) {
  const pid = server.child.pid as number;
  let last = rss(pid);
  for (let waited = 0; waited < 60_000; waited += SETTLE_MS) {
    await sleep(SETTLE_MS);
    const now = rss(pid);
    if (Math.abs(now - last) < 1024 * 1024) break;
    last = now;
  }
  const metrics = await (
    await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? 0);
  return {
    rss: rss(pid),
    heap: gauge('tidewatch_nodejs_heap_size_used_bytes'),
    streams: gauge('tidewatch_event_streams_open'),
  };
}

/** Signs in from its own address and answers the cookie header. */
async function signIn(baseUrl: string, email: string, address: string): Promise<string> {
  const jar = new Map<string, string>();
  const call = async (method: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api/auth`, {
      method,
      headers: {
        'x-forwarded-for': address,
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    await response.arrayBuffer();
    return response.status;
  };
  await call('GET');
  const status = await call('POST', { email, password: DEMO_PASSWORD });
  if (status !== 200) throw new Error(`sign-in as ${email}: ${status}`);
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** One open stream, noting when each `server.changed` for the bench's server arrives. */
function openStream(baseUrl: string, cookie: string, onChange: (at: number) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/events`, { agent: false, headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream: ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (chunk.includes('event: server.changed') && chunk.includes(CERTNAME)) onChange(performance.now());
      });
      resolve(() => request.destroy());
    });
    request.on('error', reject);
  });
}

/** Streams opened through `urls` in turn, as acme's user; each change is timed from `changed()`. */
async function streamsAndChanges(urls: string[], changeUrl: string, servers: RunningServer[]) {
  const before = await Promise.all(servers.map(settled));
  const cookies: string[] = [];
  for (let signIn_ = 0; signIn_ < STREAMS / STREAMS_PER_SIGN_IN; signIn_++) {
    cookies.push(await signIn(changeUrl, 'user@acme.example', `10.1.${signIn_ >> 8}.${signIn_ & 255}`));
  }
  // Per stream: when the change under way was first heard of, or null.
  const heardAt: (number | null)[] = Array(STREAMS).fill(null);
  const closers: (() => void)[] = [];
  const openedAt = performance.now();
  for (let first = 0; first < STREAMS; first += OPENING_AT_ONCE) {
    const batch = Array.from({ length: Math.min(OPENING_AT_ONCE, STREAMS - first) }, (_, offset) => {
      const index = first + offset;
      const cookie = cookies[Math.floor(index / STREAMS_PER_SIGN_IN)] ?? '';
      return openStream(urls[index % urls.length] ?? '', cookie, (at) => {
        heardAt[index] ??= at;
      });
    });
    closers.push(...(await Promise.all(batch)));
  }
  const openSeconds = (performance.now() - openedAt) / 1000;
  const after = await Promise.all(servers.map(settled));

  const staff = await signIn(changeUrl, 'admin@tidewatch.example', '10.2.0.1');
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(staff)?.[1] ?? '';
  const serverUrl = `${changeUrl}/api/customer/acmecorp/servers/${CERTNAME}`;
  const delays: number[] = [];
  let missed = 0;
  for (let change = 0; change < CHANGES; change++) {
    heardAt.fill(null);
    const current = (await (await fetch(serverUrl, { headers: { cookie: staff } })).json()) as {
      tags: string[];
    };
    const sentAt = performance.now();
    const response = await fetch(serverUrl, {
      method: 'PATCH',
      headers: { cookie: staff, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
      body: JSON.stringify({ tags: current.tags.length > 0 ? [] : ['production'] }),
    });
    if (response.status !== 200) throw new Error(`change: ${response.status} ${await response.text()}`);
    const deadline = performance.now() + 10_000;
    while (heardAt.some((at) => at === null) && performance.now() < deadline) await sleep(5);
    for (const at of heardAt) {
      if (at === null) missed++;
      else delays.push(at - sentAt);
    }
  }
  for (const close of closers) close();
  delays.sort((a, b) => a - b);
  const percentile = (share: number) =>
    Math.round(delays[Math.min(delays.length - 1, Math.floor(share * delays.length))] ?? 0);
  const grown = (pick: (memory: Awaited<ReturnType<typeof settled>>) => number) =>
    after.reduce((total, memory, index) => total + pick(memory) - pick(before[index] ?? memory), 0);
  const result = {
    streams: after.reduce((total, memory) => total + memory.streams, 0),
    openedPerSecond: Math.round(STREAMS / openSeconds),
    rssGrowthMiB: mib(grown((memory) => memory.rss)),
    rssPerStreamKiB: kib(grown((memory) => memory.rss) / STREAMS),
    heapPerStreamKiB: kib(grown((memory) => memory.heap) / STREAMS),
    changes: CHANGES,
    deliveries: delays.length,
    missed,
    delayMs: { p50: percentile(0.5), p99: percentile(0.99), max: Math.round(delays.at(-1) ?? 0) },
  };
  console.info(JSON.stringify(result));
  return result;
}

const env = (extra: Record<string, string>) => ({
  APP_MODE: 'demo',
  APP_SECRET: 'bench-secret-shared-by-every-replica-0123456789',
  MAIL_TRANSPORT: 'log',
  METRICS_TOKEN,
  TRUST_PROXY: '1',
  ...extra,
});

async function oneReplica(databaseUrl?: string) {
  const server = await startServer({ env: env(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  try {
    return await streamsAndChanges([server.url], server.url, [server]);
  } finally {
    await server.stop();
  }
}

/** Two replicas behind nginx; the streams reach both through it, the changes are made on the first directly. */
async function twoReplicasBehindNginx(databaseUrl: string) {
  if (!NGINX) throw new Error('nginx is not installed (tests/setup/ensure-nginx.sh installs it as root)');
  const port = await freePort();
  const proxyUrl = `http://127.0.0.1:${port}`;
  const replicaEnv = env({ DATABASE_URL: databaseUrl, PUBLIC_URL: proxyUrl });
  const first = await startServer({ env: replicaEnv });
  const replicas = [first, await startServer({ env: replicaEnv })];
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-bench-nginx-'));
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    nginxConfig(
      prefix,
      port,
      replicas.map((replica) => replica.url),
      { connections: STREAMS * 2 + 512 },
    ),
  );
  const nginx = spawn(NGINX, ['-p', prefix, '-e', `${prefix}/error.log`, '-c', `${prefix}/nginx.conf`], {
    stdio: 'ignore',
  });
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (
        await fetch(`${proxyUrl}/healthz`).then(
          (response) => response.ok,
          () => false,
        )
      )
        break;
      await sleep(100);
    }
    return await streamsAndChanges([proxyUrl], first.url, replicas);
  } finally {
    nginx.kill('SIGTERM');
    await Promise.all(replicas.map((replica) => replica.stop()));
    fs.rmSync(prefix, { recursive: true, force: true });
  }
}

/** A fresh database on the server DATABASE_URL names, dropped afterwards. */
async function withFreshDatabase<T>(serverUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `tidewatch_bench_events_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const runs: Record<string, Awaited<ReturnType<typeof streamsAndChanges>>> = {};
console.info(`PGlite (embedded), one replica, ${STREAMS} streams`);
runs.pglite = await oneReplica();
const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  console.info(`PostgreSQL, one replica, ${STREAMS} streams`);
  runs.postgres = await withFreshDatabase(serverUrl, (url) => oneReplica(url));
  console.info(`PostgreSQL, two replicas behind nginx, ${STREAMS} streams`);
  runs.postgresTwoReplicasNginx = await withFreshDatabase(serverUrl, twoReplicasBehindNginx);
}
const out = path.join(REPO_ROOT, 'tests/bench/results/events.json');
fs.writeFileSync(
  out,
  `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, streams: STREAMS, streamsPerSignIn: STREAMS_PER_SIGN_IN, runs }, null, 2)}\n`,
);
console.info(`Written to ${path.relative(REPO_ROOT, out)}`);
