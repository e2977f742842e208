import { API_SCOPES } from '@tidewatch/contract';
import { describe, expect, it } from 'vitest';
import { API_SCOPE_GROUPS } from './scope-labels';

describe('the token form’s scope groups', () => {
  it('offer every scope the contract knows, each once', () => {
    const offered = API_SCOPE_GROUPS.flatMap((group) => group.scopes);
    expect([...offered].sort()).toEqual([...API_SCOPES].sort());
  });

  it('group each domain’s scopes, reading before writing', () => {
    for (const group of API_SCOPE_GROUPS) {
      const domains = new Set(group.scopes.map((scope) => scope.split(':')[0]));
      expect(domains.size).toBe(1);
      expect(group.scopes.map((scope) => scope.split(':')[1])).toEqual(
        group.scopes.length === 2 ? ['read', 'write'] : ['read'],
      );
    }
  });
});
