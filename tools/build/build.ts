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
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/built-server';

interface Target {
  /** The workspace folder, relative to the repository root. */
  dir: string;
  /** Environment variables the build reads. */
  env: string[];
  /** What the site's build is told in a quick build. */
  quickEnv?: Record<string, string>;
}

const TARGETS: Record<string, Target> = {
  server: { dir: 'server', env: [] },
  portal: { dir: 'portal', env: ['PORTAL_SOURCEMAP'] },
  site: { dir: 'site', env: [], quickEnv: { SITE_QUICK_IMAGES: '1' } },
};
/** What builds write or caches hold inside a workspace: never an input. */
const NOT_INPUTS = new Set(['node_modules', 'dist', '.astro']);
const STAMPS = path.join(REPO_ROOT, 'node_modules/.cache/tidewatch-build');

interface Stamp {
  inputs: string;
  outputs: string;
  quick: boolean;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !NOT_INPUTS.has(entry.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
    });
}

/** Every workspace package a folder depends on, through its dependencies' dependencies. */
function workspaceFolders(dir: string, byName: Map<string, string>, seen = new Set<string>()): Set<string> {
  seen.add(dir);
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8'));
  const dependencies = {
    ...manifest.dependencies,
    ...manifest.devDependencies,
    ...manifest.peerDependencies,
  };
  for (const [name, version] of Object.entries<string>(dependencies)) {
    const folder = byName.get(name);
    if (version.startsWith('workspace:') && folder && !seen.has(folder))
      workspaceFolders(folder, byName, seen);
  }
  return seen;
}

function workspacesByName(): Map<string, string> {
  const folders = ['packages', '.'].flatMap((parent) =>
    fs
      .readdirSync(path.join(REPO_ROOT, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      .map((entry) => path.join(parent, entry.name))
      .filter((folder) => fs.existsSync(path.join(REPO_ROOT, folder, 'package.json'))),
  );
  return new Map(
    folders.map((folder) => [
      JSON.parse(fs.readFileSync(path.join(REPO_ROOT, folder, 'package.json'), 'utf8')).name,
      folder,
    ]),
  );
}

function inputsHash(target: Target, byName: Map<string, string>, quick: boolean): string {
  const rootFiles = fs
    .readdirSync(REPO_ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.md'))
    .map((entry) => path.join(REPO_ROOT, entry.name));
  const folders = [...workspaceFolders(target.dir, byName), 'patches'];
  const files = [
    ...rootFiles,
    ...folders.flatMap((folder) => filesUnder(path.join(REPO_ROOT, folder))),
  ].sort();
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({ node: process.version, quick, env: target.env.map((name) => process.env[name]) }),
  );
  for (const file of files) {
    hash.update(`\0${path.relative(REPO_ROOT, file)}\0`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

/** The build's output as it lies: each file's path, size and modification time. */
function outputsFingerprint(target: Target): string {
  const dist = path.join(REPO_ROOT, target.dir, 'dist');
  const hash = createHash('sha256');
  const files = fs.existsSync(dist) ? fs.readdirSync(dist, { recursive: true, encoding: 'utf8' }).sort() : [];
  for (const file of files) {
    const stat = fs.statSync(path.join(dist, file));
    if (stat.isFile()) hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return files.length ? hash.digest('hex') : '';
}

function readStamp(name: string): Stamp | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(STAMPS, `${name}.json`), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The current stamp for this build, if the last build is still good for it. */
function currentStamp(name: string, target: Target, byName: Map<string, string>, quick: boolean) {
  const stamp = readStamp(name);
  const outputs = outputsFingerprint(target);
  const usable = (candidate: boolean) =>
    stamp?.quick === candidate &&
    stamp.outputs === outputs &&
    stamp.inputs === inputsHash(target, byName, candidate);
  // A quick build takes a full one as it is; a full build never takes a quick one.
  return usable(false) || (quick && target.quickEnv !== undefined && usable(true));
}

function build(name: string, target: Target, byName: Map<string, string>, quick: boolean) {
  const quickHere = quick && target.quickEnv !== undefined;
  // Hashed before the build, so an edit made while it runs is seen next time.
  const inputs = inputsHash(target, byName, quickHere);
  fs.rmSync(path.join(STAMPS, `${name}.json`), { force: true });
  const result = spawnSync('pnpm', ['--dir', target.dir, 'run', 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...(quickHere ? target.quickEnv : {}) },
  });
  if (result.status !== 0)
    throw new Error(`The ${name} build failed (exit ${result.status ?? result.signal}).`);
  fs.mkdirSync(STAMPS, { recursive: true });
  const stamp: Stamp = { inputs, outputs: outputsFingerprint(target), quick: quickHere };
  fs.writeFileSync(path.join(STAMPS, `${name}.json`), `${JSON.stringify(stamp)}\n`);
}

function main() {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const force = args.includes('--force');
  const names = args.filter((arg) => !arg.startsWith('--'));
  const unknown = names.find((name) => !(name in TARGETS));
  if (unknown) throw new Error(`No build target ${unknown}: choose from ${Object.keys(TARGETS).join(', ')}.`);
  const byName = workspacesByName();
  for (const [name, target] of Object.entries(TARGETS)) {
    if (names.length && !names.includes(name)) continue;
    if (!force && currentStamp(name, target, byName, quick)) {
      process.stdout.write(`${name}: up to date, not rebuilt (pnpm build --force rebuilds)\n`);
      continue;
    }
    build(name, target, byName, quick);
  }
}

main();
