// The decisive sentence of an edge as a span of its fragment, found once when the edge is written —
// where the sentence is known to come from that text — so that readers slice the fragment instead of
// searching for the sentence again. A judge that rewrote the sentence (an LLM may) gets no span.
import type { StanceEdge } from '../../core/index.js';

/** [start, end) of `sentence` in `text` (its first occurrence, spacing at its ends aside), or undefined. */
export function decisiveSpanIn(text: string, sentence: string | undefined): [number, number] | undefined {
  const s = sentence?.trim();
  if (!s) return undefined;
  const at = text.indexOf(s);
  return at < 0 ? undefined : [at, at + s.length];
}

/** The edge's decisive sentence as stored: the span when it was found in the fragment, the sentence always. */
export function decisiveFields(text: string, sentence: string | undefined): Pick<StanceEdge, 'decisiveSentence' | 'decisiveSpan'> {
  if (!sentence) return {};
  const span = decisiveSpanIn(text, sentence);
  return { decisiveSentence: sentence, ...(span ? { decisiveSpan: span } : {}) };
}
