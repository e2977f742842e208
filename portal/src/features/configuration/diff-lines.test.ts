import { configurationDiff } from '@tidewatch/domain';
import { describe, expect, it } from 'vitest';
import { parseUnifiedDiff } from './diff-lines';

describe('parseUnifiedDiff', () => {
  it('marks added, removed and unchanged lines and numbers them from the hunk header', () => {
    const diff = configurationDiff(
      'roles:\n  - nginx\nnginx::http2: true\n',
      'roles:\n  - nginx\nnginx::http2: false\n',
      'web-01.acmecorp.yaml',
    );
    const lines = parseUnifiedDiff(diff);
    expect(lines.map((line) => line.kind)).toEqual([
      'file',
      'file',
      'hunk',
      'context',
      'context',
      'removed',
      'added',
    ]);
    expect(lines[5]).toEqual({ kind: 'removed', text: 'nginx::http2: true', oldLine: 3 });
    expect(lines[6]).toEqual({ kind: 'added', text: 'nginx::http2: false', newLine: 3 });
  });

  it('is empty for no difference', () => {
    expect(parseUnifiedDiff(configurationDiff('roles: []\n', 'roles: []\n'))).toEqual([]);
  });
});
