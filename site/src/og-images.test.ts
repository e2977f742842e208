import { describe, expect, it } from 'vitest';
import { cardSvg, titleLines } from './og-images';

describe('preview cards', () => {
  it('wraps a long title at spaces and shortens the third line', () => {
    const lines = titleLines(
      'Patch windows that never move when the clocks change, across every time zone you run in',
    );
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(28);
    expect(lines[2]).toMatch(/…$/);
  });

  it('writes the title as text, escaped', () => {
    const svg = cardSvg('Linux & <Kubernetes>', 'Tidewatch');
    expect(svg).toContain('Linux &amp; &lt;Kubernetes&gt;');
    expect(svg).toContain('>Tidewatch</text>');
  });
});
