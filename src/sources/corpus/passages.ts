// A document read in passages (issue 32): the retrieval encoder reads 256 tokens of an input (about 1,000
// characters of English), so a document's lead alone leaves the second half of an abstract unread. Corpus
// search also reads the opening of the text in sentence-aligned windows and takes the best of the lead's
// and the passages' cosines. Measured on Check-COVID (docs/guide.md "Retrieval by meaning"): with the
// published encoder, whose training never saw Check-COVID, the 716 train claims find their abstract in the
// dense top 5 for 0.684 of claims by the lead alone and 0.706 with 600-character passages; windows of 1,000
// characters gave 0.694, overlapping two- and three-sentence windows 0.705 and 0.720 for 1.5 to 2.3 times the
// passages. scripts/retrieval/train_retrieval.py cuts the training passages the same way.
import { splitSentences } from '../../extract/index.js';

/** Characters of one passage's window (the title is put before it). */
export const PASSAGE_CHARS = 600;
/** Passages read of one document at most (its text is CORPUS_PASSAGES_CHARS, store/, long at most). */
export const MAX_PASSAGES = 8;

export interface PassageOptions {
  /** Characters of a window (default PASSAGE_CHARS). */
  chars?: number;
  /** Passages at most (default MAX_PASSAGES). */
  max?: number;
}

/**
 * The passages of a document beside its lead: its sentences gathered greedily into windows of at most
 * `chars` characters (a longer sentence is a window of its own), each written after the title. Empty when
 * the text makes one window: the lead already holds all of it.
 */
export function documentPassages(title: string, text: string, options: PassageOptions = {}): string[] {
  const chars = options.chars ?? PASSAGE_CHARS;
  const max = options.max ?? MAX_PASSAGES;
  if (text.length <= chars) return [];
  const windows: string[] = [];
  let current = '';
  for (const { text: sentence } of splitSentences(text)) {
    if (current && current.length + 1 + sentence.length > chars) {
      windows.push(current);
      if (windows.length === max) break;
      current = '';
    }
    current = current ? `${current} ${sentence}` : sentence;
  }
  if (current && windows.length < max) windows.push(current);
  return windows.length > 1 ? windows.map((w) => `${title} ${w}`) : [];
}
