// The decisive sentence of an edge as a span of its fragment, found once when the edge is written —
// where the sentence is known to come from that text — so that readers slice the fragment instead of
// searching for the sentence again. A judge that rewrote the sentence (an LLM may) gets no span.
import { spanOfSentence, type StanceEdge } from '../../core/index.js';

/** The edge's decisive sentence as stored: the span when it was found in the fragment, the sentence always. */
export function decisiveFields(text: string, sentence: string | undefined): Pick<StanceEdge, 'decisiveSentence' | 'decisiveSpan'> {
  if (!sentence) return {};
  const span = spanOfSentence(text, sentence);
  return { decisiveSentence: sentence, ...(span ? { decisiveSpan: span } : {}) };
}
