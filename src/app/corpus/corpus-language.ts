// The languages a corpus's documents are written in. The corpus search matches words, so a question in
// a language none of its documents is in finds nothing: `lyra research` says so before it starts
// (research_language_mismatch) instead of after a budget of empty searches ending "search other sources".
import { InvalidInputError, type Store } from '../../core/index.js';
import { detectLanguage, type TextLanguage } from '../../extract/index.js';

/** Documents read to tell a corpus's languages: all of a small corpus, an even sample of a large one. */
export const CORPUS_LANGUAGE_SAMPLE = 2000;
const LANGUAGE_NAMES: Record<TextLanguage, string> = { en: 'English', ja: 'Japanese' };

/** How many of the read documents are in each language (title and first 2,000 characters). */
export function corpusLanguages(store: Store, corpus: string, sample = CORPUS_LANGUAGE_SAMPLE): Map<TextLanguage, number> {
  const ids = store.listCorpusDocumentIds(corpus);
  const step = Math.max(1, ids.length / sample);
  const counts = new Map<TextLanguage, number>();
  for (let k = 0; Math.floor(k) < ids.length; k += step) {
    const doc = store.getCorpusDocument(corpus, ids[Math.floor(k)]!);
    if (!doc) continue;
    const language = detectLanguage(`${doc.title}\n${doc.text.slice(0, 2000)}`);
    counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  return counts;
}

/**
 * The languages the documents of the named corpora are in (a bare `corpus` provider names every corpus of
 * the store); undefined when a corpus holds no document to read, or when `providers` names anything but
 * corpora (the web and scholarly sources are of every language).
 */
export function corpusProviderLanguages(store: Store, providers: readonly string[]): ReadonlySet<TextLanguage> | undefined {
  if (providers.length === 0 || !providers.every((p) => p === 'corpus' || p.startsWith('corpus:'))) return undefined;
  const names = providers.includes('corpus') ? store.listCorpora().map((c) => c.name) : providers.map((p) => p.slice('corpus:'.length));
  return heldLanguages(new Map(names.map((name) => [name, corpusLanguages(store, name)])));
}

/** The languages every corpus's read documents are in together; undefined for no corpus, or one with none read. */
function heldLanguages(counts: ReadonlyMap<string, ReadonlyMap<TextLanguage, number>>): ReadonlySet<TextLanguage> | undefined {
  if (counts.size === 0 || [...counts.values()].some((c) => c.size === 0)) return undefined;
  return new Set([...counts.values()].flatMap((c) => [...c.keys()]));
}

/**
 * Throws research_language_mismatch when a run searches only corpora and none of their read documents
 * is in the question's language. A corpus with no documents is left to the search to report. Returns the
 * languages the corpora's read documents are in (undefined when a corpus has none to read), so that the
 * run does not write queries in a language no document is in.
 */
export function checkQuestionLanguage(options: { store: Store; question: string; corpora: readonly string[] }): ReadonlySet<TextLanguage> | undefined {
  const asked = detectLanguage(options.question);
  const found = new Map<string, Map<TextLanguage, number>>();
  for (const corpus of options.corpora) found.set(corpus, corpusLanguages(options.store, corpus));
  const held = heldLanguages(found);
  if (!held || held.has(asked)) return held;
  const holds = [...found].map(
    ([name, counts]) => `${JSON.stringify(name)} holds ${[...counts].map(([l, n]) => `${LANGUAGE_NAMES[l]} (${n} read)`).join(', ')}`,
  );
  const other = asked === 'ja' ? 'English' : 'Japanese';
  throw new InvalidInputError(
    `research: the question is in ${LANGUAGE_NAMES[asked]} and corpus ${holds.join('; corpus ')} documents, so its word search would find nothing. ` +
      `Ask the question in ${other} (add --lang ${asked} to have the report in ${LANGUAGE_NAMES[asked]}), add ${LANGUAGE_NAMES[asked]} documents (lyra corpus add <paths> --name <corpus>), or search the web too (--provider)`,
    {
      code: 'research_language_mismatch',
      details: { question_language: asked, corpora: Object.fromEntries([...found].map(([name, counts]) => [name, Object.fromEntries(counts)])) },
    },
  );
}
