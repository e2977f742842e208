import { roleCatalogue } from '@tidewatch/content';
import { describe, expect, it } from 'vitest';
import { canChooseRole } from './role-choice';

const catalogue = roleCatalogue.roles.map((role) => ({ ...role, name: role.name.en }));
const blendable = catalogue.filter((role) => role.blendable && !role.monitoring).map((role) => role.id);
const alone = catalogue.filter((role) => role.monitoring || !role.blendable).map((role) => role.id);

describe('choosing roles for a new server', () => {
  it('offers every role while none is chosen', () => {
    for (const role of catalogue) expect(canChooseRole([], role.id, catalogue)).toBe(true);
  });

  it('offers a second blendable role next to a blendable one, but no role that runs alone', () => {
    const [first, second] = blendable;
    expect(first && second).toBeTruthy();
    expect(canChooseRole([first as string], second as string, catalogue)).toBe(true);
    for (const id of alone) expect(canChooseRole([first as string], id, catalogue)).toBe(false);
  });

  it('offers nothing more next to a role that runs alone, and nothing beyond two', () => {
    const [single] = alone;
    for (const id of blendable) expect(canChooseRole([single as string], id, catalogue)).toBe(false);
    const [a, b, c] = blendable;
    if (c) expect(canChooseRole([a as string, b as string], c, catalogue)).toBe(false);
  });

  it('keeps a chosen role choosable, so it can be unticked', () => {
    const [single] = alone;
    expect(canChooseRole([single as string], single as string, catalogue)).toBe(true);
  });
});
