import { describe, expect, it } from 'vitest';
import { chatShownOn } from './presence';

describe('where the chat is shown', () => {
  it.each(['/', '/da', '/pricing', '/da/about-us/contact', '/blog/users-and-admins', '/404'])(
    'on %s',
    (path) => {
      expect(chatShownOn(path)).toBe(true);
    },
  );

  it.each(['/user/servers', '/customer/acme/tags', '/admin/impersonate', '/da/user/settings', '/user/'])(
    'not on %s',
    (path) => {
      expect(chatShownOn(path)).toBe(false);
    },
  );
});
