import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A workspace the build builds (decision 0087). */
export interface Target {
  /** The workspace folder, relative to the repository root. */
  dir: string;
  /** Environment variables the build reads. */
  env: string[];
  /** What the build is told in a quick build, for a target that has one. */
  quickEnv?: Record<string, string>;
}

/** What builds write or caches hold inside a workspace: never an input. */
const NOT_INPUTS = new Set(['node_modules', 'dist', '.astro']);

const readManifest = (root: string, folder: string) =>
  JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8'));

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

/** The workspace packages' folders by package name: `packages/*` and the root's folders, as pnpm-workspace.yaml lists them. */
export function workspacesByName(root: string): Map<string, string> {
  const folders = ['packages', '.'].flatMap((parent) =>
    fs
      .readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      .map((entry) => path.join(parent, entry.name))
      .filter((folder) => fs.existsSync(path.join(root, folder, 'package.json'))),
  );
  return new Map(folders.map((folder) => [readManifest(root, folder).name, folder]));
}

/** A folder and every workspace package it depends on, through their dependencies' dependencies. */
function workspaceFolders(root: string, dir: string, byName: Map<string, string>, seen = new Set<string>()) {
  seen.add(dir);
  const manifest = readManifest(root, dir);
  const dependencies = {
    ...manifest.dependencies,
    ...manifest.devDependencies,
    ...manifest.peerDependencies,
  };
  for (const [name, version] of Object.entries<string>(dependencies)) {
    const folder = byName.get(name);
    if (version.startsWith('workspace:') && folder && !seen.has(folder))
      workspaceFolders(root, folder, byName, seen);
  }
  return seen;
}

/**
 * The hash of everything a target is built from: its folder and its workspace dependencies' (less
 * node_modules, dist and .astro), the root's files but the Markdown ones, `patches/`, the Node.js
 * version, the environment variables its build reads, and whether the build is quick.
 */
export function inputsHash(root: string, target: Target, quick: boolean): string {
  const rootFiles = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.md'))
    .map((entry) => path.join(root, entry.name));
  const folders = [...workspaceFolders(root, target.dir, workspacesByName(root)), 'patches'];
  const files = [...rootFiles, ...folders.flatMap((folder) => filesUnder(path.join(root, folder)))].sort();
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({ node: process.version, quick, env: target.env.map((name) => process.env[name]) }),
  );
  for (const file of files) {
    hash.update(`\0${path.relative(root, file)}\0`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

/** A target's `dist/` as it lies: each file's path, size and modification time ('' when empty or missing). */
export function outputsFingerprint(root: string, target: Target): string {
  const dist = path.join(root, target.dir, 'dist');
  const files = fs.existsSync(dist) ? fs.readdirSync(dist, { recursive: true, encoding: 'utf8' }).sort() : [];
  const hash = createHash('sha256');
  for (const file of files) {
    const stat = fs.statSync(path.join(dist, file));
    if (stat.isFile()) hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return files.length ? hash.digest('hex') : '';
}
