/** Load on one path from autocannon in its own process (cannon.ts), and how the benches print and compare it. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CANNON = fileURLToPath(new URL('cannon.ts', import.meta.url));
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = 10;

export interface Measured {
  path: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

export interface Load {
  /** The session cookie, for signed-in calls. */
  cookie?: string;
  connections?: number;
  /** A number of requests to make, every one answered, instead of a duration. */
  amount?: number;
  method?: 'GET' | 'POST';
  /** A JSON body. */
  body?: string;
  /** Headers the requests take in turn, one agent's each. */
  rotate?: Record<string, string>[];
}

/** autocannon in its own process, so the load it makes does not share this event loop. */
export function measure(baseUrl: string, urlPath: string, load: Load = {}): Promise<Measured> {
  const { cookie, connections = CONNECTIONS, amount, method = 'GET', body, rotate } = load;
  const options = {
    url: `${baseUrl}${urlPath}`,
    connections,
    ...(amount ? { amount } : { duration: DURATION_SECONDS }),
    // Seconds: the last of 500 queued requests waits for the 499 before it.
    timeout: 120,
    method,
    headers: { ...(cookie && { cookie }), ...(body && { 'content-type': 'application/json' }) },
    body,
    rotate,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), CANNON], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(output);
      resolve({
        path: urlPath,
        requestsPerSecond: Math.round(result.requests.average),
        latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
    });
    child.stdin.end(JSON.stringify(options));
  });
}

export const print = (name: string, { requestsPerSecond, latencyMs, non2xx, errors }: Measured) =>
  console.info(
    `${name.padEnd(21)} ${String(requestsPerSecond).padStart(6)} req/s  p50 ${latencyMs.p50} ms  p99 ${latencyMs.p99} ms${non2xx || errors ? `  (${non2xx} non-2xx, ${errors} errors!)` : ''}`,
  );

export const ratio = (value: number, base: number) => Number((value / base).toFixed(3));

/** Each call's throughput as a share of the trivial endpoint's, measured in the same run. */
export const relativeTo = (results: Record<string, Measured>, trivial: Measured | undefined) =>
  Object.fromEntries(
    Object.entries(results).map(([name, measured]) => [
      name,
      ratio(measured.requestsPerSecond, trivial?.requestsPerSecond ?? 1),
    ]),
  );

/** Each call's p99 as a multiple of the trivial endpoint's p99 (at least 1 ms). */
export const p99Over = (results: Record<string, Measured>, trivial: Measured | undefined) =>
  Object.fromEntries(
    Object.entries(results).map(([name, measured]) => [
      name,
      ratio(measured.latencyMs.p99, Math.max(1, trivial?.latencyMs.p99 ?? 1)),
    ]),
  );
