import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ChatInboxSearch } from '../features/chat-inbox/inbox-view';
import { ChangeRequestSearch, TargetSearch } from '../features/configuration/search';
import { isoDay, lenient, monthParam } from './search-params';

describe('search parameters in the URL', () => {
  it('reads a number the URL carries as text, and drops one that is not a positive whole number', () => {
    expect(z.parse(ChangeRequestSearch, { number: '12', status: 'open' })).toEqual({
      number: 12,
      status: 'open',
    });
    for (const number of ['0', '-3', '1.5', 'twelve']) {
      expect(z.parse(ChangeRequestSearch, { number })).toEqual({});
    }
  });

  it('trims a tag name and drops a certname or tag that breaks the pattern', () => {
    expect(z.parse(TargetSearch, { tag: ' web ', server: 'db1.acme' })).toEqual({
      tag: 'web',
      server: 'db1.acme',
    });
    expect(z.parse(TargetSearch, { tag: '   ', server: 'not a certname' })).toEqual({});
  });

  it('keeps a well-formed day, month and conversation id and drops the rest', () => {
    const view = z.object({ day: lenient(isoDay), month: lenient(monthParam) });
    expect(z.parse(view, { day: '2026-02-28', month: '2026-02' })).toEqual({
      day: '2026-02-28',
      month: '2026-02',
    });
    expect(z.parse(view, { day: '2026-02-30', month: '2026-13' })).toEqual({});
    const conversation = '0b7e3c8a-5f1d-4c2e-9a6b-3d4e5f6a7b8c';
    expect(z.parse(ChatInboxSearch, { conversation }).conversation).toBe(conversation);
    expect(z.parse(ChatInboxSearch, { conversation: 'x' }).conversation).toBeUndefined();
  });
});
