import type { ImageMetadata } from 'astro';
import type { SiteLocale } from './i18n';

/** The portal views tools/screenshots/portal-views.ts photographs, by the name of their files. */
export type PortalView = 'servers' | 'server' | 'clusters';
/** The site's themes, as `prefers-color-scheme` names them. */
export type Theme = 'light' | 'dark';

const files = import.meta.glob<{ default: ImageMetadata }>(
  ['./assets/portal/*.webp', './assets/portal/built/*.webp'],
  {
    eager: true,
  },
);

/**
 * One view's picture in a language and a theme: the one this build took, else the committed copy;
 * a missing file fails the build rather than the page.
 */
export function portalShot(view: PortalView, locale: SiteLocale, theme: Theme): ImageMetadata {
  const name = `${view}.${locale}.${theme}.webp`;
  const file = files[`./assets/portal/built/${name}`] ?? files[`./assets/portal/${name}`];
  if (!file) throw new Error(`No portal screenshot ${name}: run pnpm screenshots --commit`);
  return file.default;
}
