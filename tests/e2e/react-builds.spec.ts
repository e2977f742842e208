import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/portal';
import { REPO_ROOT } from '../support/server';

/**
 * Every browser build that renders with React, by its output folder: their JavaScript must be React
 * 19's own, not a stand-in that an alias or a renderer integration put under the name `react`.
 * The site is checked page by page, island by island, in site-weight.spec.ts.
 */
const REACT_BUILDS = ['portal/dist'];

// React DOM marks each root it renders into with this property.
const REACT_DOM_ROOT = '__reactContainer$';
// React 19's shared internals; React 18 and preact/compat name theirs differently.
const REACT_19_INTERNALS = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';
// The internals preact/compat imitates React 18 with.
const COMPAT_INTERNALS = '__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED';

function scripts(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((entry) =>
      entry.isFile() && entry.name.endsWith('.js') ? [path.join(entry.parentPath, entry.name)] : [],
    );
}

for (const build of REACT_BUILDS) {
  test(`${build} bundles React 19 and React DOM, and no Preact`, () => {
    const files = scripts(path.join(REPO_ROOT, build));
    expect(files.length, `${build} holds no scripts: build it first`).toBeGreaterThan(0);
    const code = files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    expect(code).toContain(REACT_DOM_ROOT);
    expect(code).toContain(REACT_19_INTERNALS);
    expect(code).not.toContain(COMPAT_INTERNALS);
  });
}

test('React DOM renders the portal', async ({ page }) => {
  await page.goto('/login');
  expect((await signIn(page, 'manager@acme.example')).ok()).toBe(true);
  await page.goto('/user/servers');
  await expect(page.locator('main h1')).toBeVisible();
  const root = await page.locator('#root').evaluate((element) => Object.keys(element));
  expect(root.some((key) => key.startsWith('__reactContainer$'))).toBe(true);
});
