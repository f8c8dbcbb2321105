// Content terms of a text for lexical relevance and scope coverage: lower-cased words without stop
// words, lightly stemmed, and character bigrams for CJK text. Pure and cheap, so every fragment of a
// task can be indexed on each graph run.

const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by can ' +
    'could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is ' +
    'it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some such ' +
    'than that the their theirs them then there these they this those through to too under until up very was we were what when where ' +
    'which while who whom why will with would you your yours may might must shall us via per within without upon among et al ' +
    'however thus therefore although though whether either neither yet etc use used using'
  ).split(' '),
);

const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** A light English stemmer: plural and common verb endings only, enough for overlap counting ("viruses" and "virus" meet). */
export function stemWord(word: string): string {
  let w = word;
  if (w.endsWith("'s") || w.endsWith('’s')) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith('sses')) return w.slice(0, -2);
  if (w.length > 4 && /(uses|xes|ches|shes|zes)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed')) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith('ly')) return w.slice(0, -2);
  return w;
}

/** Distinct content terms of a text, in first-seen order. */
export function contentTerms(text: string): string[] {
  const out = new Set<string>();
  const norm = text.normalize('NFKC').toLowerCase();
  for (const m of norm.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    const token = m[0].replace(/['’-]+$/, '');
    if (CJK_RE.test(token)) {
      // Japanese and Chinese have no spaces: character bigrams of each CJK run stand in for words.
      const cjk = token.replace(/[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/gu, ' ').split(' ');
      for (const run of cjk) {
        if (run.length === 1) out.add(run);
        for (let i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
      }
      continue;
    }
    for (const part of token.split(/-/)) {
      if (part.length < 2 && !/\d/.test(part)) continue;
      if (STOP_WORDS.has(part)) continue;
      out.add(stemWord(part));
    }
  }
  return [...out];
}

/** Share of `terms` found in `covered` (0 when `terms` is empty). */
export function termCoverage(terms: readonly string[], covered: ReadonlySet<string>): number {
  if (terms.length === 0) return 0;
  let hit = 0;
  for (const t of terms) if (covered.has(t)) hit++;
  return hit / terms.length;
}

/** Shared terms ÷ the smaller term set: how much two short texts are about the same things (0 when either is empty). */
export function overlapCoefficient(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const sb = new Set(b);
  let shared = 0;
  for (const t of new Set(a)) if (sb.has(t)) shared++;
  return shared / Math.min(new Set(a).size, sb.size);
}
