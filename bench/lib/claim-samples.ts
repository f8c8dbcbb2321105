// The labelled samples behind bench:research's claim figures (bench/data/, labels by hand; rubrics in
// bench/data/README.md). Example-corpus items carry their text (the corpus ships in the repository);
// Check-COVID items carry only (cord_id, sentence index): the text is read from ../shared/data at
// bench time and never copied into the project.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT, sharedDataPath } from '../../src/test-support/shared-data.js';

export const DATA_DIR = join(PROJECT_ROOT, 'bench', 'data');

interface ExampleRef {
  corpus: 'example';
  doc: string;
  para: number;
  text: string;
}
interface CovidRef {
  corpus: 'check-covid';
  cord_id: string;
  sent_index: number;
}
export type SentenceRef = ExampleRef | CovidRef;

/** A labelled sentence with what the extractor sees: the text before it in its fragment, and itself. */
export interface ResolvedSentence {
  ref: SentenceRef;
  /** The sentence (verbatim). */
  text: string;
  /** The text that precedes it in the fragment the engine reads ('' for an example-corpus paragraph). */
  context: string;
}

let covid: Map<string, { title: string; sentences: string[] }> | undefined;
/** Check-COVID papers (title, abstract as a sentence list), by cord_id. */
function covidPapers(): Map<string, { title: string; sentences: string[] }> {
  covid ??= new Map(
    readFileSync(sharedDataPath('check-covid/corpus.json'), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { cord_id: string; title: string; abstract: string[] })
      .map((d) => [d.cord_id, { title: d.title.trim(), sentences: d.abstract.map((s) => s.trim()) }]),
  );
  return covid;
}
let abstracts: Map<string, string[]> | undefined;
/** Check-COVID abstracts as sentence lists, by cord_id. */
export function covidAbstracts(): Map<string, string[]> {
  abstracts ??= new Map([...covidPapers()].map(([id, p]) => [id, p.sentences]));
  return abstracts;
}

let exampleTitles: Map<string, string> | undefined;
/**
 * The title of a labelled sentence's document as a run sees it (the example article's, the Check-COVID
 * paper's), trimmed; undefined when blank, as a run leaves a page without a title out.
 */
export function documentTitleOf(ref: SentenceRef): string | undefined {
  let title: string | undefined;
  if (ref.corpus === 'check-covid') title = covidPapers().get(ref.cord_id)?.title;
  else {
    exampleTitles ??= new Map(
      readFileSync(join(PROJECT_ROOT, 'corpora', 'example', 'documents.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as { id: string; title: string })
        .map((d) => [d.id, d.title]),
    );
    title = exampleTitles.get(ref.doc);
  }
  const trimmed = title?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The sentence and its context. Example-corpus paragraphs are fragments of their own (one sentence
 * each); a Check-COVID abstract is ingested as one paragraph (sentences joined by spaces), so the
 * sentences before it are its context.
 */
export function resolveSentence(ref: SentenceRef): ResolvedSentence {
  if (ref.corpus === 'example') return { ref, text: ref.text, context: '' };
  const abstract = covidAbstracts().get(ref.cord_id);
  const text = abstract?.[ref.sent_index];
  if (abstract === undefined || text === undefined) throw new Error(`check-covid: no sentence ${ref.sent_index} in ${ref.cord_id}`);
  return { ref, text, context: abstract.slice(0, ref.sent_index).join(' ') };
}

export function readJsonl<T>(file: string): T[] {
  return readFileSync(join(DATA_DIR, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

export interface BinaryScores {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number;
  recall: number;
  f1: number;
  accuracy: number;
}

export function binaryScores(pairs: ReadonlyArray<{ gold: boolean; predicted: boolean }>): BinaryScores {
  let tp = 0,
    fp = 0,
    fn = 0,
    tn = 0;
  for (const p of pairs) {
    if (p.gold && p.predicted) tp++;
    else if (!p.gold && p.predicted) fp++;
    else if (p.gold && !p.predicted) fn++;
    else tn++;
  }
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  return {
    tp,
    fp,
    fn,
    tn,
    precision,
    recall,
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    accuracy: pairs.length ? (tp + tn) / pairs.length : 0,
  };
}
