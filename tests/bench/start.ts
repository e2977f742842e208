/**
 * The README's first command, timed as a newcomer meets it: the repository's committed state cloned
 * into a temporary folder, `pnpm install --frozen-lockfile --prefer-offline`, then `pnpm start`
 * until `/readyz` answers (the first start: build and demo data), stopped, and `pnpm start` again
 * with nothing changed (the second start reuses the build). The machine's cores and load, and the
 * CPU time each start used, are recorded beside the times, since a busy machine slows every step. Results go to
 * tests/bench/results/start.json. Run with `pnpm bench:start` (decision 0087).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, REPO_ROOT } from '../support/server';

/** The goals on two cores: ready within these after install, first and second start. */
const GOAL_FIRST_S = 90;
const GOAL_SECOND_S = 15;
const READY_TIMEOUT_MS = 15 * 60_000;

const seconds = (ms: number) => Math.round(ms / 100) / 10;
/** The load averages by name: an object, which the house's JSON format keeps one field a line. */
const load = () => {
  const [oneMinute, fiveMinutes, fifteenMinutes] = os.loadavg().map((value) => Math.round(value * 100) / 100);
  return { oneMinute, fiveMinutes, fifteenMinutes };
};

function run(command: string, args: string[], cwd: string) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
  return seconds(performance.now() - started);
}

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * CPU time used so far by each process of a process group, read from /proc: on a machine others
 * share, the wall-clock time says little, and the CPU time bounds what an idle machine would take.
 */
function sampleCpu(group: number, seen: Map<number, number>) {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command's closing parenthesis: state is field 3, pgrp 5, utime 14, stime 15.
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      if (Number(fields[2]) === group) seen.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended meanwhile
    }
  }
}

/** Runs `pnpm start` in its own process group, so stopping it stops the server pnpm started too. */
async function timeStart(cwd: string, port: number) {
  const started = performance.now();
  const child = spawn('pnpm', ['start'], {
    cwd,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' },
  });
  const cpuTicks = new Map<number, number>();
  try {
    await waitUntilReady(child, `http://127.0.0.1:${port}/readyz`, () => sampleCpu(child.pid ?? 0, cpuTicks));
    const readyS = seconds(performance.now() - started);
    const cpuS = Math.round([...cpuTicks.values()].reduce((sum, ticks) => sum + ticks, 0) / TICKS_PER_SECOND);
    return { readyS, cpuS };
  } finally {
    await stop(child);
  }
}

async function waitUntilReady(child: ChildProcess, url: string, sample: () => void) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pnpm start exited with ${child.exitCode}`);
    sample();
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await sleep(250);
  }
  throw new Error(`pnpm start was not ready within ${READY_TIMEOUT_MS} ms`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

async function main() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-start-'));
  const clone = path.join(folder, 'tidewatch');
  const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trim();
  const loadBefore = load();
  try {
    run('git', ['clone', '--quiet', REPO_ROOT, clone], folder);
    const installS = run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], clone);
    const port = await freePort();
    const firstStart = await timeStart(clone, port);
    const loadAfterFirst = load();
    const secondStart = await timeStart(clone, port);
    const result = {
      measuredAt: new Date().toISOString(),
      commit,
      node: process.version,
      cores: os.availableParallelism(),
      loadAverageBefore: loadBefore,
      loadAverageAfterFirstStart: loadAfterFirst,
      loadAverageAfter: load(),
      installS,
      firstStartS: firstStart.readyS,
      secondStartS: secondStart.readyS,
      // Summed over the processes seen every quarter second: short-lived ones may be missed.
      firstStartCpuS: firstStart.cpuS,
      secondStartCpuS: secondStart.cpuS,
      goals: { firstStartS: GOAL_FIRST_S, secondStartS: GOAL_SECOND_S },
    };
    const out = path.join(REPO_ROOT, 'tests/bench/results/start.json');
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\nWritten to ${path.relative(REPO_ROOT, out)}\n`);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

await main();
