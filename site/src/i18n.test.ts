import { describe, expect, it } from 'vitest';
import { unlocalizedPath } from './i18n';

describe('unlocalizedPath', () => {
  it('gives the page without its language, as the built pages name themselves', () => {
    expect(unlocalizedPath('/index')).toBe('/');
    expect(unlocalizedPath('/')).toBe('/');
    expect(unlocalizedPath('/da.html')).toBe('/');
    expect(unlocalizedPath('/da')).toBe('/');
    expect(unlocalizedPath('/da/pricing.html')).toBe('/pricing');
    expect(unlocalizedPath('/blog/page/2')).toBe('/blog/page/2');
    expect(unlocalizedPath('/data-processing')).toBe('/data-processing');
  });
});
