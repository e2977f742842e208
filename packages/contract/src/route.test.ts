import { describe, expect, it } from 'vitest';
import { Email } from './common';
import { fillPath } from './route';

describe('fillPath', () => {
  it('fills and encodes path parameters', () => {
    expect(fillPath('/customer/{id}/billing', { id: 'acme corp' })).toBe('/customer/acme%20corp/billing');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => fillPath('/user/{id}/info', {})).toThrow('Missing path parameter "id"');
  });
});

describe('Email', () => {
  it('trims and lowercases before checking the format', () => {
    expect(Email.parse('  Manager@Acme.Example ')).toBe('manager@acme.example');
    expect(Email.safeParse('not-an-email').success).toBe(false);
  });
});
