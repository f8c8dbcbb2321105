// Where a sentence sits in a text, as [start, end) in characters: found once from the sentence when an
// edge is written, stored with it, and read back by slicing — one rule for finding and for trusting one.

export type TextSpan = [number, number];

/** [start, end) of `sentence` in `text` (its first occurrence, spacing at its ends aside), or undefined. */
export function spanOfSentence(text: string, sentence: string | undefined): TextSpan | undefined {
  const s = sentence?.trim();
  if (!s) return undefined;
  const at = text.indexOf(s);
  return at < 0 ? undefined : [at, at + s.length];
}

/** A stored span when it lies inside a text of `length` and is not empty; undefined otherwise. */
export function spanWithin(span: readonly [number, number] | undefined, length: number): TextSpan | undefined {
  return span && span[0] >= 0 && span[1] <= length && span[0] < span[1] ? [span[0], span[1]] : undefined;
}
