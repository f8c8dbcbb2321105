// The decisive sentence of an edge as a span of its fragment, found once when the edge is written —
// where the sentence is known to come from that text — so that readers slice the fragment instead of
// searching for the sentence again. A judge that rewrote the sentence (an LLM may) gets no span.
// As a claim's quote does (extract/claims/section-label.ts), the stored sentence and span start after a
// structured abstract's section label ("RESULTS: …"): the label is layout. The judge read the sentence
// whole, label included (its "states no finding" check reads "METHODS:").
import { spanOfSentence, type StanceEdge, type TextSpan } from '../../core/index.js';
import { sectionLabelLength } from '../../extract/index.js';

/** The edge's decisive sentence as stored: the span when it was found in the fragment, the sentence always. */
export function decisiveFields(text: string, sentence: string | undefined): Pick<StanceEdge, 'decisiveSentence' | 'decisiveSpan'> {
  if (!sentence) return {};
  // The span is of the trimmed sentence (spanOfSentence), so the label is measured on it too.
  const trimmed = sentence.trim();
  const span = spanOfSentence(text, trimmed);
  const label = sectionLabelLength(trimmed);
  if (label === 0) return { decisiveSentence: sentence, ...(span ? { decisiveSpan: span } : {}) };
  const cut: TextSpan | undefined = span ? [span[0] + label, span[1]] : undefined;
  return { decisiveSentence: trimmed.slice(label), ...(cut ? { decisiveSpan: cut } : {}) };
}
