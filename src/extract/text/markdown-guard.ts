// Keeps Markdown parsing linear on hostile input. marked resolves emphasis by scanning ahead from each
// `*` or `_` for its closer, so a block made of thousands of unclosed markers costs the square of its
// length (64 KB of `_a_a…` took 2.7 s, 256 KB of `*a*a…` 21 s). Prose never needs that many markers in
// one block: past a bound, a block's markers are escaped and kept as text, and the caller warns.

/** Emphasis markers (`*`, `_`) allowed in one block (text between blank lines) before they are read as plain characters. */
export const MAX_EMPHASIS_MARKERS_PER_BLOCK = 128;

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;

export interface DefusedMarkdown {
  text: string;
  /** Blocks whose markers were escaped. */
  defusedBlocks: number;
}

function countMarkers(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 0x2a || c === 0x5f) n++;
  }
  return n;
}

/** Escapes every unescaped `*` and `_` of the blocks holding more than MAX_EMPHASIS_MARKERS_PER_BLOCK of them (fenced code left alone). */
export function defuseEmphasisRuns(markdown: string): DefusedMarkdown {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  let blockStart = -1;
  let markers = 0;
  let defusedBlocks = 0;
  const closeBlock = (end: number): void => {
    if (blockStart >= 0 && markers > MAX_EMPHASIS_MARKERS_PER_BLOCK) {
      for (let i = blockStart; i < end; i++) lines[i] = lines[i]!.replace(/\\?[*_]/g, (m) => (m.length === 2 ? m : `\\${m}`));
      defusedBlocks++;
    }
    blockStart = -1;
    markers = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE_RE.exec(line);
    if (fence !== undefined) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = undefined;
      continue;
    }
    if (f) {
      closeBlock(i);
      fence = f[1]!;
      continue;
    }
    if (line.trim() === '') {
      closeBlock(i);
      continue;
    }
    if (blockStart < 0) blockStart = i;
    markers += countMarkers(line);
  }
  closeBlock(lines.length);
  return { text: defusedBlocks > 0 ? lines.join('\n') : markdown, defusedBlocks };
}
