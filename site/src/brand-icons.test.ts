import { brandIcons, homePage, SITE_LOCALES, supportedApps } from '@tidewatch/content';
import { describe, expect, it } from 'vitest';
import { brandSprite } from './brand-icons';

describe('brand logos', () => {
  it('builds a sprite with one symbol for every mapped icon, all from the package under CC0', () => {
    const sprite = brandSprite();
    for (const slug of new Set(Object.values(brandIcons))) {
      expect(sprite).toContain(`<symbol id="${slug}" viewBox="0 0 24 24"><path d="`);
    }
  });

  it('maps only names the site shows: catalogue apps and home-page integrations', () => {
    const shown = new Set([
      ...supportedApps.map((app) => app.tech),
      ...SITE_LOCALES.flatMap((locale) => homePage[locale].integrations.names),
    ]);
    expect(Object.keys(brandIcons).filter((name) => !shown.has(name))).toEqual([]);
  });
});
