// The sentence a report quotes from a piece of evidence: always a verbatim substring of the source's
// fragment. The stance model's decisive sentence when it occurs verbatim; else the fragment's
// sentence (splitSentences) sharing most content terms with the claim; else the whole fragment.
import { spanWithin, type EvidenceView } from '../../core/index.js';
import { splitSentences } from '../../extract/index.js';

export interface Quote {
  text: string;
  /** Index of the quoted sentence in the fragment, when the quote is one sentence of it. */
  sentence?: number;
}

const words = (s: string): Set<string> =>
  new Set(
    s
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]{2,}/gu) ?? [],
  );

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

export function pickQuote(e: Pick<EvidenceView, 'quote' | 'decisiveSentence' | 'decisiveSpan'>, statement: string): Quote {
  const fragment = e.quote;
  const sentences = splitSentences(fragment).filter((s) => fragment.slice(s.start, s.end) === s.text || fragment.includes(s.text));
  // The edge's stored span: the decisive sentence is that slice of the fragment, no search needed.
  const span = spanWithin(e.decisiveSpan, fragment.length);
  if (span) {
    const i = sentences.findIndex((s) => s.start <= span[0] && span[0] < s.end);
    return { text: fragment.slice(span[0], span[1]), ...(i >= 0 ? { sentence: i } : {}) };
  }
  const decisive = e.decisiveSentence?.trim();
  if (decisive && fragment.includes(decisive)) {
    const i = sentences.findIndex((s) => s.text.includes(decisive) || decisive.includes(s.text));
    return { text: decisive, ...(i >= 0 ? { sentence: i } : {}) };
  }
  if (sentences.length === 0) return { text: fragment.trim() };
  if (sentences.length === 1) return { text: sentences[0]!.text, sentence: 0 };
  const target = words(statement);
  let best = 0;
  let bestScore = -1;
  sentences.forEach((s, i) => {
    const score = overlap(words(s.text), target);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return { text: sentences[best]!.text, sentence: best };
}
