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
  const span = spanOfSentence(text, sentence);
  const label = sectionLabelLength(sentence.trim());
  if (label === 0) return { decisiveSentence: sentence, ...(span ? { decisiveSpan: span } : {}) };
  const cut: TextSpan | undefined = span ? [span[0] + label, span[1]] : undefined;
  return { decisiveSentence: sentence.trim().slice(label), ...(cut ? { decisiveSpan: cut } : {}) };
}
