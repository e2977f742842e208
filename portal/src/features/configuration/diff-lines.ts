/** A line of a unified diff, with its numbers in the old and the new text where it has them. */
export interface DiffLine {
  kind: 'file' | 'hunk' | 'added' | 'removed' | 'context' | 'note';
  /** The line without its leading marker. */
  text: string;
  oldLine?: number;
  newLine?: number;
}

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** Splits a unified diff into lines to show, numbering them from the hunk headers. */
export function parseUnifiedDiff(diff: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let oldLine = 0;
  let newLine = 0;
  for (const raw of diff.split('\n')) {
    const hunk = HUNK.exec(raw);
    if (hunk) {
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      lines.push({ kind: 'hunk', text: raw });
    } else if (raw.startsWith('---') || raw.startsWith('+++')) {
      lines.push({ kind: 'file', text: raw });
    } else if (raw.startsWith('+')) {
      lines.push({ kind: 'added', text: raw.slice(1), newLine: newLine++ });
    } else if (raw.startsWith('-')) {
      lines.push({ kind: 'removed', text: raw.slice(1), oldLine: oldLine++ });
    } else if (raw.startsWith('\\')) {
      lines.push({ kind: 'note', text: raw.slice(1).trim() });
    } else if (raw.startsWith(' ')) {
      lines.push({ kind: 'context', text: raw.slice(1), oldLine: oldLine++, newLine: newLine++ });
    }
  }
  return lines;
}
