import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { STALE_AFTER_MS } from '@tidewatch/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../src/lib/result-rows';
import { recordPings } from '../src/modules/agent/repository';
import { markStaleAgents } from '../src/modules/agent/routes';
import { json, useTestApp } from './helpers';

const PUBLIC_URL = 'https://portal.example';
const t = useTestApp({ PUBLIC_URL });
/** What an attacker sends to have their own address written into commands run as root. */
const FORGED_HOST = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

type Token = {
  id: string;
  token: string;
  certname: string;
  command: string;
  script_url: string;
  expires_at: string;
};

async function createToken(
  hostname: string,
  body: object = {},
  customerId = 'acmecorp',
  headers: Record<string, string> = {},
) {
  const manager = await t.signedIn(
    customerId === 'acmecorp' ? 'manager@acme.example' : 'manager@globex.example',
  );
  const response = await manager.request(`/api/customer/${customerId}/install-tokens`, {
    method: 'POST',
    body: { hostname, plan: 'silver', roles: ['nginx'], ...body },
    headers,
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return json<Token>(response);
}

const agent = (url: string, secret: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/agent${url}`,
    headers: { authorization: `Bearer ${secret}` },
    payload: body,
  });

const DEBIAN_12 =
  'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nID=debian\n';

describe('install tokens', () => {
  it('plan a server with a generated certname, and tell its status while it installs', async () => {
    const token = await createToken('new-web-01');
    expect(token.certname).toBe('new-web-01.acmecorp');
    expect(token.expires_at).toBe('2026-11-02T11:00:00.000Z');
    expect(token.command).toBe(
      `curl -fsSL ${PUBLIC_URL}/install.sh | sudo sh -s -- --token ${token.token} --customer acmecorp`,
    );
    const manager = await t.signedIn('manager@acme.example');
    const status = await manager.request(`/api/customer/acmecorp/install-tokens/${token.id}`);
    expect(json(status)).toMatchObject({ server_status: 'registered', expired: false, failure_reason: null });
    const listed = json<{ data: { certname: string; status: string }[] }>(
      await manager.request('/api/customer/acmecorp/servers?status=registered'),
    );
    expect(listed.data.map((server) => server.certname)).toContain('new-web-01.acmecorp');
  });

  it('name the public URL in the command and the script, whatever Host the request names', async () => {
    const token = await createToken('new-web-02', {}, 'acmecorp', FORGED_HOST);
    expect(token.script_url).toBe(`${PUBLIC_URL}/install.sh`);
    expect(token.command).toContain(`curl -fsSL ${PUBLIC_URL}/install.sh | sudo sh`);
    const script = await t.app.inject({ url: '/install.sh', headers: FORGED_HOST });
    expect(script.body).toContain(`API_URL="\${TIDEWATCH_URL:-${PUBLIC_URL}}"`);
    expect(`${JSON.stringify(token)}${script.body}`).not.toContain('evil.example');
  });

  it('refuse a taken certname (409), bad names and roles (400), plain users (403)', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const create = (body: object) =>
      manager.request('/api/customer/acmecorp/install-tokens', {
        method: 'POST',
        body: { plan: null, ...body },
      });
    expect((await create({ hostname: 'web-01' })).statusCode).toBe(409);
    expect(json(await create({ hostname: 'Web 01' }))).toMatchObject({
      fieldErrors: { hostname: expect.any(Array) },
    });
    expect(json(await create({ hostname: 'mon-02', roles: ['monitoring-server', 'redis'] }))).toMatchObject({
      fieldErrors: { roles: expect.any(Array) },
    });
    const user = await t.signedIn('user@acme.example');
    const refused = await user.request('/api/customer/acmecorp/install-tokens', {
      method: 'POST',
      body: { hostname: 'x', plan: null },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('let staff create one for any customer', async () => {
    const admin = await t.signedIn('admin@tidewatch.example');
    const response = await admin.request('/api/customer/globexco/install-tokens', {
      method: 'POST',
      body: { hostname: 'gx-new-01', plan: 'basic' },
    });
    expect(json(response)).toMatchObject({ certname: 'gx-new-01.globexco' });
    const finance = await t.signedIn('finance@tidewatch.example');
    const refused = await finance.request('/api/customer/globexco/install-tokens', {
      method: 'POST',
      body: { hostname: 'gx-new-02', plan: 'basic' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('agent calls', () => {
  it('verify, register and ping; the token works once; a stale server comes back with its ping', async () => {
    const token = await createToken('agent-01');
    expect((await agent('/install/verify', 'twi_wrong', { customer_id: 'acmecorp' })).statusCode).toBe(401);
    const verified = await agent('/install/verify', token.token, { customer_id: 'acmecorp' });
    expect(verified.statusCode).toBe(200);
    expect(json(verified)).toMatchObject({ certname: 'agent-01.acmecorp', plan: 'silver', roles: ['nginx'] });

    const registered = await agent('/install/register', token.token, {
      customer_id: 'acmecorp',
      facts: { os_family: 'debian', distribution: 'Debian', version: '12', kernel: '6.1.0-40-amd64' },
    });
    expect(registered.statusCode).toBe(200);
    const { credential } = json<{ credential: string }>(registered);
    expect(credential).toMatch(/^twa_/);
    const reuse = await agent('/install/verify', token.token, { customer_id: 'acmecorp' });
    expect(reuse.statusCode).toBe(401);
    expect(json(reuse)).toMatchObject({
      message: 'This install token has been used already; create a new one in the portal',
    });

    const ping = await agent('/ping', credential, {
      run: {
        started_at: '2026-11-02T08:58:00Z',
        duration_ms: 12000,
        status: 'changed',
        summary: '2 resources changed',
      },
    });
    expect(json(ping)).toEqual({ certname: 'agent-01.acmecorp', status: 'active' });
    const manager = await t.signedIn('manager@acme.example');
    const server = json<Record<string, unknown>>(
      await manager.request('/api/customer/acmecorp/servers/agent-01.acmecorp'),
    );
    expect(server).toMatchObject({
      status: 'active',
      os: { name: 'Debian 12', past_end_of_life: false },
      last_run: { status: 'changed' },
      runs: [{ summary: '2 resources changed' }],
    });

    t.clock.advance(3 * 60 * 60 * 1000);
    expect(await markStaleAgents(t.database.db, t.app.now())).toBeGreaterThan(0);
    const later = await t.signedIn('manager@acme.example');
    const stale = await later.request('/api/customer/acmecorp/servers/agent-01.acmecorp');
    expect(json(stale)).toMatchObject({ status: 'stale' });
    expect(json(await agent('/ping', credential, {}))).toMatchObject({ status: 'active' });
    expect((await agent('/ping', 'twa_nope', {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/agent/ping', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('refuse another customer (403), an expired token (401) and register before verify (409)', async () => {
    const token = await createToken('agent-02');
    const wrong = await agent('/install/verify', token.token, { customer_id: 'globexco' });
    expect(wrong.statusCode).toBe(403);
    expect(json(wrong)).toMatchObject({ message: 'This install token was not issued for customer globexco' });
    const early = await agent('/install/register', token.token, {
      customer_id: 'acmecorp',
      facts: { distribution: 'debian', version: '12' },
    });
    expect(early.statusCode).toBe(409);
    t.clock.advance(2 * 60 * 60 * 1000 + 1);
    const expired = await agent('/install/verify', token.token, { customer_id: 'acmecorp' });
    expect(expired.statusCode).toBe(401);
    expect(json<{ message: string }>(expired).message).toMatch(/^This install token expired at /);
    const manager = await t.signedIn('manager@acme.example');
    expect(json(await manager.request(`/api/customer/acmecorp/install-tokens/${token.id}`))).toMatchObject({
      expired: true,
    });
  });

  it('take a failure report with its reason; a retry with the same token may still succeed', async () => {
    const token = await createToken('agent-03');
    await agent('/install/verify', token.token, { customer_id: 'acmecorp' });
    const failed = await agent('/install/failure', token.token, {
      customer_id: 'acmecorp',
      reason: 'Disk full',
    });
    expect(failed.statusCode).toBe(204);
    const manager = await t.signedIn('manager@acme.example');
    expect(json(await manager.request(`/api/customer/acmecorp/install-tokens/${token.id}`))).toMatchObject({
      server_status: 'install_failed',
      failure_reason: 'Disk full',
    });
    await agent('/install/verify', token.token, { customer_id: 'acmecorp' });
    const registered = await agent('/install/register', token.token, {
      customer_id: 'acmecorp',
      facts: { distribution: 'ubuntu', version: '24.04' },
    });
    expect(registered.statusCode).toBe(200);
    expect(
      (await agent('/install/failure', token.token, { customer_id: 'acmecorp', reason: '' })).statusCode,
    ).toBe(400);
  });

  it('take pings that arrive together as one batch: each is answered, none is lost, a bad one is refused alone', async () => {
    const credentials: Record<string, string> = {};
    for (const hostname of ['pinger-01', 'pinger-02', 'pinger-03']) {
      const token = await createToken(hostname);
      await agent('/install/verify', token.token, { customer_id: 'acmecorp' });
      const registered = await agent('/install/register', token.token, {
        customer_id: 'acmecorp',
        facts: { distribution: 'debian', version: '12' },
      });
      credentials[`${hostname}.acmecorp`] = json<{ credential: string }>(registered).credential;
    }
    t.clock.advance(60_000);
    // Ten pings a server, every other one reporting a run a minute later than the one before.
    const sent = Object.entries(credentials).flatMap(([certname, credential]) =>
      Array.from({ length: 10 }, (_, index) => ({
        certname,
        credential,
        run:
          index % 2 === 0
            ? {
                started_at: new Date(Date.UTC(2026, 10, 2, 9, index)).toISOString(),
                duration_ms: 1000,
                status: 'unchanged',
                summary: `run ${index}`,
              }
            : undefined,
      })),
    );
    const answers = await Promise.all([
      ...sent.map(({ credential, run }) => agent('/ping', credential, run ? { run } : {})),
      agent('/ping', 'twa_unknown', {}),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([...sent.map(() => 200), 401]);
    expect(answers.slice(0, -1).map((answer) => json(answer).certname)).toEqual(
      sent.map(({ certname }) => certname),
    );

    const rows = await t.database.db.execute(sql`
      select s.certname, s.last_ping_at, s.last_run_at, count(r.id)::int as runs
      from servers s left join agent_runs r on r.server_id = s.id
      where s.certname like 'pinger-0%'
      group by s.certname, s.last_ping_at, s.last_run_at order by s.certname`);
    expect(
      resultRows<{ last_ping_at: Date; last_run_at: Date; runs: number }>(rows).map((row) => ({
        lastPing: new Date(row.last_ping_at).toISOString(),
        lastRun: new Date(row.last_run_at).toISOString(),
        runs: row.runs,
      })),
    ).toEqual(
      Object.keys(credentials).map(() => ({
        lastPing: t.app.now().toISOString(),
        lastRun: new Date(Date.UTC(2026, 10, 2, 9, 8)).toISOString(),
        runs: 5,
      })),
    );
  });

  it("keep each ping on the server's heartbeat and the time on its row at most every half hour; last seen and the stale sweep read the later", async () => {
    const token = await createToken('beat-01');
    await agent('/install/verify', token.token, { customer_id: 'acmecorp' });
    const registered = await agent('/install/register', token.token, {
      customer_id: 'acmecorp',
      facts: { distribution: 'debian', version: '12' },
    });
    const { credential } = json<{ credential: string }>(registered);
    const registeredAt = t.app.now();
    const minutes = (count: number) => t.clock.advance(count * 60_000);
    const serverRow = async () =>
      resultRows<{ status: string; last_ping_at: string }>(
        await t.database.db.execute(
          sql`select status, last_ping_at from servers where certname = 'beat-01.acmecorp'`,
        ),
      )[0];
    // Signed in each time: the clock passes the session's idle limit.
    const lastSeen = async () => {
      const manager = await t.signedIn('manager@acme.example');
      return {
        row: new Date((await serverRow())?.last_ping_at ?? 0).toISOString(),
        detail: json<{ last_seen: string }>(
          await manager.request('/api/customer/acmecorp/servers/beat-01.acmecorp'),
        ).last_seen,
        listed: json<{ data: { last_seen: string }[] }>(
          await manager.request('/api/customer/acmecorp/servers?q=beat-01'),
        ).data.map((server) => server.last_seen),
      };
    };

    minutes(10);
    await agent('/ping', credential, {});
    const pingedAt = t.app.now().toISOString();
    expect(await lastSeen()).toEqual({
      row: registeredAt.toISOString(),
      detail: pingedAt,
      listed: [pingedAt],
    });

    minutes(21);
    await agent('/ping', credential, {});
    const rowAt = t.app.now();
    expect(await lastSeen()).toMatchObject({ row: rowAt.toISOString(), detail: rowAt.toISOString() });

    // A ping within the half hour rewrites no servers row, and its heartbeat's update is HOT.
    // The counters also hold earlier statements' updates not yet reported, so the ping's are the difference.
    const written = await t.database.db.transaction(async (tx) => {
      const updates = async () =>
        resultRows<{ servers: number; beats: number; hot: number }>(
          await tx.execute(sql`select
            pg_stat_get_xact_tuples_updated('servers'::regclass)::int as servers,
            pg_stat_get_xact_tuples_updated('server_heartbeats'::regclass)::int as beats,
            pg_stat_get_xact_tuples_hot_updated('server_heartbeats'::regclass)::int as hot`),
        )[0] ?? { servers: 0, beats: 0, hot: 0 };
      const before = await updates();
      await recordPings(tx, [{ credential, run: undefined, now: new Date(rowAt.getTime() + 60_000) }]);
      const after = await updates();
      return {
        servers: after.servers - before.servers,
        beats: after.beats - before.beats,
        hot: after.hot - before.hot,
      };
    });
    expect(written).toEqual({ servers: 0, beats: 1, hot: 1 });

    // Quiet by its row's time but not by its heartbeat: still active.
    minutes(25);
    await agent('/ping', credential, {});
    const lastPing = t.app.now().toISOString();
    t.clock.advance(STALE_AFTER_MS - 25 * 60_000 + 60_000);
    await markStaleAgents(t.database.db, t.app.now());
    expect((await serverRow())?.status).toBe('active');
    minutes(25);
    await markStaleAgents(t.database.db, t.app.now());
    expect((await serverRow())?.status).toBe('stale');
    expect(await lastSeen()).toEqual({ row: lastPing, detail: lastPing, listed: [lastPing] });
  });

  it('need no session and no XSRF token, and a session does not stand in for a token', async () => {
    const manager = await t.signedIn('manager@acme.example');
    const response = await manager.request('/api/agent/install/verify', {
      method: 'POST',
      body: { customer_id: 'acmecorp' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the install script, run with sh against the listening server', () => {
  let baseUrl = '';
  let root = '';

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  async function runScript(args: string[], osRelease = DEBIAN_12) {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-root-'));
    fs.mkdirSync(path.join(root, 'etc'));
    fs.writeFileSync(path.join(root, 'etc/os-release'), osRelease);
    const script = await (await fetch(`${baseUrl}/install.sh`)).text();
    const file = path.join(root, 'install.sh');
    fs.writeFileSync(file, script);
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn('sh', [file, ...args], {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TIDEWATCH_ROOT: root, TIDEWATCH_URL: baseUrl },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('is served as shell script', async () => {
    const response = await fetch(`${baseUrl}/install.sh`);
    expect(response.headers.get('content-type')).toContain('text/x-shellscript');
    const text = await response.text();
    expect(text.startsWith('#!/bin/sh\n')).toBe(true);
    expect(text).toContain(`API_URL="\${TIDEWATCH_URL:-${PUBLIC_URL}}"`);
  });

  it('registers the server, stores its credential and says what comes next', async () => {
    const token = await createToken('script-01');
    const run = await runScript(['--token', token.token, '--customer', 'acmecorp']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Operating system: Debian GNU/Linux 12 (bookworm)');
    expect(run.stdout).toContain('This server will be script-01.acmecorp.');
    expect(run.stdout).toContain('[3/5] Installing the management agent package (tidewatch-agent)');
    expect(run.stdout).toContain('Skipped: no package repository is configured for the management agent.');
    expect(run.stdout).toContain('script-01.acmecorp is registered and shows as active');
    const conf = fs.readFileSync(path.join(root, 'etc/tidewatch/agent.conf'), 'utf8');
    expect(conf).toMatch(
      /^url=http:\/\/127\.0\.0\.1:\d+\ncertname=script-01\.acmecorp\ncredential=twa_\S+\n$/,
    );
    expect(fs.statSync(path.join(root, 'etc/tidewatch/agent.conf')).mode & 0o077).toBe(0);
    const manager = await t.signedIn('manager@acme.example');
    const server = json(await manager.request('/api/customer/acmecorp/servers/script-01.acmecorp'));
    expect(server).toMatchObject({
      status: 'active',
      os: { family: 'debian', distribution: 'debian', version: '12' },
      facts: { pretty_name: 'Debian GNU/Linux 12 (bookworm)' },
    });
    const credential = /credential=(\S+)/.exec(conf)?.[1] ?? '';
    expect((await agent('/ping', credential, {})).statusCode).toBe(200);
  });

  it("stops with the server's reason for another customer's token", async () => {
    const token = await createToken('script-02');
    const run = await runScript(['--token', token.token, '--customer', 'globexco']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Error: Tidewatch refused the install token: This install token was not issued for customer globexco\n',
    );
    expect(fs.existsSync(path.join(root, 'etc/tidewatch'))).toBe(false);
  });

  it("stops with the server's reason for an expired token", async () => {
    const token = await createToken('script-03');
    t.clock.advance(3 * 60 * 60 * 1000);
    const run = await runScript(['--token', token.token, '--customer', 'acmecorp']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^Error: Tidewatch refused the install token: This install token expired at \S+; create a new one in the portal\n$/,
    );
  });

  it('reports a failure with its reason to the API', async () => {
    const token = await createToken('script-04');
    const run = await runScript(['--token', token.token, '--customer', 'acmecorp'], 'NAME="Mystery OS"\n');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error: Cannot tell the operating system:');
    const manager = await t.signedIn('manager@acme.example');
    expect(json(await manager.request(`/api/customer/acmecorp/install-tokens/${token.id}`))).toMatchObject({
      server_status: 'install_failed',
      failure_reason: expect.stringMatching(
        /^Cannot tell the operating system: .*etc\/os-release has no ID or VERSION_ID$/,
      ),
    });
  });

  it('refuses to run as anyone but root on a real machine', async () => {
    const script = await (await fetch(`${baseUrl}/install.sh`)).text();
    // As the docs run it (`curl … | sh -s -- …`), but as nobody: as root, drop to nobody first.
    const asNobody =
      process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : [];
    const [command = 'sh', ...args] = [
      ...asNobody,
      'sh',
      '-s',
      '--',
      '--token',
      'twi_x',
      '--customer',
      'acmecorp',
    ];
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(command, args, {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TIDEWATCH_URL: baseUrl },
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('close', (code) => resolve({ code, stderr }));
      child.stdin.end(script);
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^Error: Run this script as root, for example: curl -fsSL \S+\/install\.sh \| sudo sh/,
    );
  });

  it('asks for its options', async () => {
    const run = await runScript(['--token']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('Error: --token needs a value\n');
    const missing = await runScript([]);
    expect(missing.stderr).toContain('Error: No install token: pass --token');
  });
});

describe('cluster bootstrap', () => {
  const REPORT = { kubernetes_version: 'v1.33.2', suite_version: '2.8.1', node_count: 5 };

  async function addCluster(name: string, customerId = 'acmecorp') {
    const manager = await t.signedIn(
      customerId === 'acmecorp' ? 'manager@acme.example' : 'manager@globex.example',
    );
    const response = await manager.request(`/api/customer/${customerId}/clusters`, {
      method: 'POST',
      body: { name, type: 'workload', provider: 'aws', plan: 'silver' },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
    return { manager, token: json<{ bootstrap: { token: string } }>(response).bootstrap.token };
  }

  it('redeems the token once for a credential; the cluster is active with what it reported and pings', async () => {
    const { manager, token } = await addCluster('boot-01');
    const refused = await agent('/cluster/bootstrap', token, { customer_id: 'globexco', report: REPORT });
    expect(refused.statusCode).toBe(403);
    const bad = await agent('/cluster/bootstrap', token, {
      customer_id: 'acmecorp',
      report: { ...REPORT, node_count: -1 },
    });
    expect(json(bad)).toMatchObject({ fieldErrors: { 'report.node_count': expect.any(Array) } });

    const booted = await agent('/cluster/bootstrap', token, { customer_id: 'acmecorp', report: REPORT });
    expect(booted.statusCode).toBe(200);
    const { credential } = json<{ credential: string }>(booted);
    const detail = await manager.request('/api/customer/acmecorp/clusters/boot-01.acmecorp');
    expect(json(detail)).toMatchObject({
      status: 'active',
      kubernetes_version: '1.33.2',
      suite_version: '2.8.1',
      node_count: 5,
      last_seen: t.app.now().toISOString(),
    });

    const again = await agent('/cluster/bootstrap', token, { customer_id: 'acmecorp', report: REPORT });
    expect(again.statusCode).toBe(401);
    expect(json(again)).toMatchObject({ message: expect.stringContaining('used already') });
    // A server's install token is not a bootstrap token, nor the other way round.
    expect((await agent('/install/verify', token, { customer_id: 'acmecorp' })).statusCode).toBe(401);

    t.clock.advance(3 * 60 * 60 * 1000);
    expect(await markStaleAgents(t.database.db, t.app.now())).toBeGreaterThan(0);
    const later = await t.signedIn('manager@acme.example');
    const stale = await later.request('/api/customer/acmecorp/clusters/boot-01.acmecorp');
    expect(json(stale)).toMatchObject({ status: 'stale' });

    const ping = await agent('/cluster/ping', credential, { report: { ...REPORT, node_count: 8 } });
    expect(json(ping)).toEqual({ certname: 'boot-01.acmecorp', status: 'active' });
    const back = await later.request('/api/customer/acmecorp/clusters/boot-01.acmecorp');
    expect(json(back)).toMatchObject({ status: 'active', node_count: 8 });
    expect((await agent('/cluster/ping', 'twc_nonsense', { report: REPORT })).statusCode).toBe(401);
  });

  it('refuses an expired token and a missing one', async () => {
    const { token } = await addCluster('boot-02');
    t.clock.advance(2 * 60 * 60 * 1000 + 1);
    const expired = await agent('/cluster/bootstrap', token, { customer_id: 'acmecorp', report: REPORT });
    expect(expired.statusCode).toBe(401);
    expect(json(expired)).toMatchObject({ message: expect.stringContaining('expired') });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/agent/cluster/bootstrap',
      payload: { customer_id: 'acmecorp', report: REPORT },
    });
    expect(missing.statusCode).toBe(401);
  });
});
