// Blocks → the document's `text`, its sections (heading path + paragraphs) and quotable fragments
// whose text is a verbatim slice of `text`, located by heading path, paragraph index and offsets.
import type { ExtractedFragment, ExtractedSection } from '../../core/index.js';
import type { TextBlock } from './blocks.js';

/** Longest fragment before a block is cut (at a line break, then a sentence end, then a space). */
export const DEFAULT_MAX_FRAGMENT_CHARS = 2_000;
/** Deepest heading path kept; deeper headings replace the last entry. */
export const MAX_HEADING_DEPTH = 6;

export interface AssembleOptions {
  maxFragmentChars?: number;
}

export interface AssembledDocument {
  /** Blocks joined by blank lines. */
  text: string;
  sections: ExtractedSection[];
  fragments: ExtractedFragment[];
}

/** [start, end) cuts of `text` no longer than `max`, each trimmed of surrounding white space. */
export function splitLongText(text: string, max: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  while (start < text.length) {
    while (start < text.length && /\s/.test(text[start]!)) start++;
    if (start >= text.length) break;
    let end = Math.min(text.length, start + max);
    if (end < text.length) {
      const window = text.slice(start, end);
      const minCut = Math.floor(max / 2);
      const nl = window.lastIndexOf('\n');
      let cut = nl >= minCut ? nl : -1;
      if (cut < 0) {
        let best = -1;
        for (const m of window.matchAll(/[.!?。！？](?=\s|$)|[。！？]/g)) if (m.index! + 1 >= minCut) best = m.index! + 1;
        cut = best;
      }
      if (cut < 0) cut = window.lastIndexOf(' ') >= minCut ? window.lastIndexOf(' ') : max;
      end = start + cut;
    }
    let e = end;
    while (e > start && /\s/.test(text[e - 1]!)) e--;
    out.push([start, e]);
    start = end;
  }
  return out;
}

/** Builds text, sections and fragments from blocks. Headings enter `text` and the heading path, not fragments. */
export function assembleBlocks(blocks: readonly TextBlock[], options: AssembleOptions = {}): AssembledDocument {
  const max = options.maxFragmentChars ?? DEFAULT_MAX_FRAGMENT_CHARS;
  const parts: string[] = [];
  const sections: ExtractedSection[] = [];
  const fragments: ExtractedFragment[] = [];
  const headings: Array<{ level: number; text: string }> = [];
  let offset = 0;
  let paragraph = 0;
  let section: ExtractedSection | undefined;

  for (const block of blocks) {
    if (!block.text) continue;
    if (parts.length > 0) offset += 2;
    const blockStart = offset;
    parts.push(block.text);
    offset += block.text.length;

    if (block.kind === 'heading') {
      const level = block.level ?? 1;
      while (headings.length > 0 && headings.at(-1)!.level >= level) headings.pop();
      if (headings.length >= MAX_HEADING_DEPTH) headings.pop();
      headings.push({ level, text: block.text.replace(/\n/g, ' ') });
      section = undefined;
      continue;
    }
    const headingPath = headings.map((h) => h.text);
    if (!section) {
      section = { headingPath, paragraphs: [] };
      sections.push(section);
    }
    section.paragraphs.push(block.text);
    const pieces: Array<[number, number]> = block.text.length > max ? splitLongText(block.text, max) : [[0, block.text.length]];
    for (const [s, e] of pieces) {
      fragments.push({
        text: block.text.slice(s, e),
        kind: block.kind,
        locator: {
          ...(headingPath.length > 0 ? { headingPath } : {}),
          paragraph,
          charStart: blockStart + s,
          charEnd: blockStart + e,
          ...(block.page !== undefined ? { page: block.page } : {}),
        },
      });
    }
    paragraph++;
  }
  return { text: parts.join('\n\n'), sections, fragments };
}
