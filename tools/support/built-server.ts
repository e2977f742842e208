import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function freshDataDir(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-e2e-')), 'data');
}

/** Runs `node server/dist/server.js` from the repository root, as `pnpm start` does, collecting its output. */
function spawnServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['server/dist/server.js'], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Starts the built server on a free port (or `port`, when its PUBLIC_URL must name it) and waits until it is ready. */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; port?: number } = {},
) {
  const dataDir = options.dataDir ?? freshDataDir();
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const { child, exited, output } = spawnServer({ PORT: String(port), DATA_DIR: dataDir, ...options.env });
  const server: RunningServer = {
    url,
    dataDir,
    child,
    output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
  await waitUntilReady(server);
  return server;
}

/** Starts the built server expecting it to refuse; resolves with its exit code and output. */
export async function startServerExpectingFailure(env: Record<string, string>) {
  const { exited, output } = spawnServer(env);
  const code = await exited;
  return { code, output: output() };
}

async function waitUntilReady(server: RunningServer, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`The server exited with ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop('SIGKILL');
  throw new Error(`The server was not ready within ${timeoutMs} ms:\n${server.output()}`);
}
