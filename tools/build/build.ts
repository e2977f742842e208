/**
 * Builds the server, the portal and the site, each only when something it is built from changed
 * since its last build (decision 0087). A target's inputs are its own folder, the workspace
 * packages it depends on, the repository's root files and `patches/`, the Node version and the
 * environment variables its build reads; their hash and a fingerprint of what the build wrote are
 * kept in node_modules/.cache/tidewatch-build/, and a target whose inputs hash and output fingerprint
 * both still match is skipped.
 *
 *   tsx tools/build/build.ts [--quick] [--force] [server|portal|site ...]
 *
 * `--quick` (`pnpm start`) builds the site with quick image encodes and takes a current full build
 * as it is; without it a quick site is rebuilt in full. `--force` rebuilds whatever was asked for.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/built-server';
import { inputsHash, outputsFingerprint, type Target } from './inputs';

const TARGETS: Record<string, Target> = {
  server: { dir: 'server', env: [] },
  portal: { dir: 'portal', env: ['PORTAL_SOURCEMAP'] },
  site: { dir: 'site', env: [], quickEnv: { SITE_QUICK_IMAGES: '1' } },
};
const STAMPS = path.join(REPO_ROOT, 'node_modules/.cache/tidewatch-build');

interface Stamp {
  inputs: string;
  outputs: string;
  quick: boolean;
}

function readStamp(name: string): Stamp | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(STAMPS, `${name}.json`), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The current stamp for this build, if the last build is still good for it. */
function currentStamp(name: string, target: Target, quick: boolean) {
  const stamp = readStamp(name);
  const outputs = outputsFingerprint(REPO_ROOT, target);
  const usable = (candidate: boolean) =>
    stamp?.quick === candidate &&
    stamp.outputs === outputs &&
    stamp.inputs === inputsHash(REPO_ROOT, target, candidate);
  // A quick build takes a full one as it is; a full build never takes a quick one.
  return usable(false) || (quick && target.quickEnv !== undefined && usable(true));
}

function build(name: string, target: Target, quick: boolean) {
  const quickHere = quick && target.quickEnv !== undefined;
  // Hashed before the build, so an edit made while it runs is seen next time.
  const inputs = inputsHash(REPO_ROOT, target, quickHere);
  fs.rmSync(path.join(STAMPS, `${name}.json`), { force: true });
  const result = spawnSync('pnpm', ['--dir', target.dir, 'run', 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...(quickHere ? target.quickEnv : {}) },
  });
  if (result.status !== 0)
    throw new Error(`The ${name} build failed (exit ${result.status ?? result.signal}).`);
  fs.mkdirSync(STAMPS, { recursive: true });
  const stamp: Stamp = { inputs, outputs: outputsFingerprint(REPO_ROOT, target), quick: quickHere };
  fs.writeFileSync(path.join(STAMPS, `${name}.json`), `${JSON.stringify(stamp)}\n`);
}

function main() {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const force = args.includes('--force');
  const names = args.filter((arg) => !arg.startsWith('--'));
  const unknown = names.find((name) => !(name in TARGETS));
  if (unknown) throw new Error(`No build target ${unknown}: choose from ${Object.keys(TARGETS).join(', ')}.`);
  for (const [name, target] of Object.entries(TARGETS)) {
    if (names.length && !names.includes(name)) continue;
    if (!force && currentStamp(name, target, quick)) {
      process.stdout.write(`${name}: up to date, not rebuilt (pnpm build --force rebuilds)\n`);
      continue;
    }
    build(name, target, quick);
  }
}

main();
