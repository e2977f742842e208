import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputsHash, outputsFingerprint, type Target } from './inputs';

const SITE: Target = { dir: 'site', env: ['SITE_SETTING'] };
let root: string;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}
const manifest = (name: string, dependencies: Record<string, string> = {}) =>
  JSON.stringify({ name, dependencies });

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tidewatch-build-inputs-'));
  write('package.json', manifest('root'));
  write('README.md', 'About');
  write('site/package.json', manifest('site', { ui: 'workspace:*', astro: '1.0.0' }));
  write('site/src/page.astro', 'page');
  write('packages/ui/package.json', manifest('ui', { domain: 'workspace:*' }));
  write('packages/ui/src/button.tsx', 'button');
  write('packages/domain/package.json', manifest('domain'));
  write('packages/domain/src/rules.ts', 'rules');
  write('server/package.json', manifest('server'));
  write('server/src/app.ts', 'app');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('what a target is built from', () => {
  it('changes with its own files, its dependencies through theirs, the root files, patches and its environment', () => {
    const changes: (() => void)[] = [
      () => write('site/src/page.astro', 'page, edited'),
      () => write('site/src/assets/portal/built/servers.webp', 'a new picture'),
      () => write('packages/ui/src/button.tsx', 'button, edited'),
      () => write('packages/domain/src/rules.ts', 'rules, edited'),
      () => write('pnpm-lock.yaml', 'lockfile'),
      () => write('patches/astro.patch', 'patch'),
      () => fs.rmSync(path.join(root, 'site/src/page.astro')),
      () => {
        process.env.SITE_SETTING = 'on';
      },
    ];
    try {
      for (const change of changes) {
        const before = inputsHash(root, SITE, false);
        change();
        expect(inputsHash(root, SITE, false)).not.toBe(before);
      }
    } finally {
      delete process.env.SITE_SETTING;
    }
  });

  it('stays the same for other workspaces, Markdown at the root, and what builds and caches write', () => {
    const before = inputsHash(root, SITE, false);
    write('server/src/app.ts', 'app, edited');
    write('README.md', 'About, edited');
    write('site/dist/index.html', 'built');
    write('site/node_modules/.astro/assets/picture.avif', 'cached');
    write('site/.astro/types.d.ts', 'generated');
    expect(inputsHash(root, SITE, false)).toBe(before);
  });

  it('tells a quick build from a full one', () => {
    expect(inputsHash(root, SITE, true)).not.toBe(inputsHash(root, SITE, false));
  });
});

describe("a build's output", () => {
  it('is fingerprinted by its files, so an output changed or removed by hand is seen', () => {
    expect(outputsFingerprint(root, SITE)).toBe('');
    write('site/dist/index.html', 'built');
    const built = outputsFingerprint(root, SITE);
    expect(built).not.toBe('');
    expect(outputsFingerprint(root, SITE)).toBe(built);
    write('site/dist/index.html', 'built again, by another command');
    expect(outputsFingerprint(root, SITE)).not.toBe(built);
    fs.rmSync(path.join(root, 'site/dist'), { recursive: true });
    expect(outputsFingerprint(root, SITE)).toBe('');
  });
});
