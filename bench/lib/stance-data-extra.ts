// Loaders for the sets that shape stance on the candidate distribution: FM2 (Wikipedia claims with
// their gold evidence and the other sentences a retriever found on the same page), Evidence Inference
// (direction of a trial's effect, turned into claims), and Check-COVID candidates (every sentence of
// the abstracts a search returns for a claim). Licenses: FM2 Apache-2.0 with CC BY-SA 3.0 Wikipedia
// text; Evidence Inference MIT; Check-COVID MIT — all may train shipped weights.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stance } from '../../src/core/index.js';
import { splitSentences } from '../../src/models/stance/index.js';
import { splitFraction, type CheckCovidPair, type LabelledPair } from './stance-data.js';
import { bm25Index, contentTerms } from './stance-related.js';

function jsonl<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

const clean = (s: string): string => s.replace(/\s+/g, ' ').trim();

interface Fm2Row {
  id: string;
  text: string;
  label: string;
  gold_evidence: { text: string }[];
  retrieved_evidence: { text: string }[];
}

/**
 * FM2 dev and test (the train file is absent upstream): each gold evidence sentence with the claim's
 * label, and each retrieved sentence that is not gold as neutral (`fm2_retrieved`) — a sentence of the
 * same Wikipedia page that a retriever ranked high: exactly the related-but-silent candidate the
 * graph phase meets. Noisy by construction (annotators marked only what they needed), hence the
 * caller's weight. Sentences under 25 characters (fragments like ", Jack Kroll stated that") are skipped.
 */
export function loadFm2(root: string): LabelledPair[] {
  const out: LabelledPair[] = [];
  for (const file of ['dev.jsonl', 'test.jsonl']) {
    for (const r of jsonl<Fm2Row>(join(root, 'nli-extra/fm2', file))) {
      const label: Stance | undefined = r.label === 'SUPPORTS' ? 'supports' : r.label === 'REFUTES' ? 'refutes' : undefined;
      if (!label) continue;
      const claim = clean(r.text);
      const gold = new Set(r.gold_evidence.map((e) => clean(e.text)));
      for (const g of gold) {
        for (const s of splitSentences(g)) if (s.length >= 25) out.push({ claim, passage: s, label, group: r.id, source: 'fm2_gold' });
      }
      for (const e of r.retrieved_evidence) {
        const s = clean(e.text);
        if (s.length < 25 || gold.has(s) || [...gold].some((x) => x.includes(s) || s.includes(x))) continue;
        out.push({ claim, passage: s, label: 'neutral', group: r.id, source: 'fm2_retrieved' });
      }
    }
  }
  return out;
}

interface Ev2Row {
  split: string;
  prompt_id: string;
  intervention: string;
  comparator: string;
  outcome: string;
  evidence: string;
  label: string;
}

type Direction = 'increased' | 'decreased' | 'none';
const EV2_DIRECTION: Record<string, Direction> = {
  'significantly increased': 'increased',
  'significantly decreased': 'decreased',
  'no significant difference': 'none',
};

/** Claim wordings per direction; one is picked per row by a hash so the set is deterministic. */
const TEMPLATES: Record<Direction, ((i: string, o: string, c: string) => string)[]> = {
  increased: [(i, o, c) => `${i} increases ${o} compared with ${c}.`, (i, o, c) => `${o} is higher with ${i} than with ${c}.`, (i, o) => `${i} raises ${o}.`],
  decreased: [(i, o, c) => `${i} reduces ${o} compared with ${c}.`, (i, o, c) => `${o} is lower with ${i} than with ${c}.`, (i, o) => `${i} lowers ${o}.`],
  none: [
    (i, o, c) => `${i} does not change ${o} compared with ${c}.`,
    (i, o, c) => `${o} does not differ between ${i} and ${c}.`,
    (i, o) => `${i} has no effect on ${o}.`,
  ],
};

const lower = (s: string): string => (/^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

/**
 * Evidence Inference v2 rows as stance pairs: the evidence span against a claim built from the
 * intervention, comparator and outcome in one of the three directions. The claim in the row's own
 * direction is supported; a claim in another direction is refuted (an increase refutes "reduces" and
 * "does not change"; "no significant difference" refutes both directions). Spans that are table rows
 * (digits and line breaks, few words) are skipped: they are not sentences a page shows.
 * `split` selects the upstream split (train / validation / test).
 */
export function loadEvidenceInference(root: string, split: 'train' | 'validation' | 'test'): LabelledPair[] {
  const out: LabelledPair[] = [];
  for (const r of jsonl<Ev2Row>(join(root, 'nli-extra/evidence_inference/ev2_pairs.jsonl'))) {
    if (r.split !== split) continue;
    const direction = EV2_DIRECTION[r.label.trim().toLowerCase()];
    if (!direction) continue;
    const evidence = clean(r.evidence);
    const words = evidence.match(/[A-Za-z]{3,}/g)?.length ?? 0;
    if (words < 8 || r.evidence.split('\n').length > 3) continue;
    const [i, o, c] = [clean(r.intervention), lower(clean(r.outcome)), lower(clean(r.comparator))];
    if (!i || !o || !c) continue;
    const key = `${r.prompt_id}:${evidence}`;
    // The row's own direction, and one other direction picked by hash: balanced supports/refutes.
    const others = (['increased', 'decreased', 'none'] as const).filter((d) => d !== direction);
    const other = others[Math.floor(splitFraction(key, 'ev2-other') * others.length)]!;
    for (const [d, label] of [
      [direction, 'supports'],
      [other, 'refutes'],
    ] as const) {
      const t = TEMPLATES[d];
      const claim = t[Math.floor(splitFraction(`${key}:${d}`, 'ev2-template') * t.length)]!(i, o, c);
      for (const s of splitSentences(evidence)) out.push({ claim, passage: s, label, group: `ev2:${r.prompt_id}`, source: 'evidence_inference' });
    }
  }
  return out;
}

export interface CandidateOptions {
  /** Abstracts retrieved per claim (default 5, as bench:verdicts). */
  k?: number;
  /** Abstracts (joined text) never used as candidates: those of the evaluation claims. */
  exclude?: ReadonlySet<string>;
}

/**
 * Check-COVID candidates: for each claim, every sentence of the top-k abstracts by BM25 over the
 * claims' abstracts, labelled by the dataset's evidence sentences (the claim's label on its own
 * abstract's evidence sentences; neutral for every other sentence and every other abstract; NEI
 * claims' evidence is neutral too). This is the distribution the graph phase judges.
 */
export function checkCovidCandidates(claims: readonly CheckCovidPair[], options: CandidateOptions = {}): LabelledPair[] {
  const k = options.k ?? 5;
  const abstracts = [...new Map(claims.map((c) => [c.abstract.join(' '), c.abstract])).values()].filter((a) => !options.exclude?.has(a.join(' ')));
  const index = bm25Index(abstracts.map((a) => contentTerms(a.join(' '))));
  const out: LabelledPair[] = [];
  for (const c of claims) {
    const own = c.abstract.join(' ');
    const evidence = new Set(c.evidence);
    for (const d of index.search(contentTerms(c.claim), k, { minShared: 1 })) {
      const abstract = abstracts[d]!;
      const isOwn = abstract.join(' ') === own;
      for (const s of abstract) {
        const label: Stance = isOwn && evidence.has(s) ? c.label : 'neutral';
        out.push({
          claim: c.claim,
          passage: s,
          label,
          group: c.group,
          source: isOwn && evidence.has(s) ? 'check_covid_candidate_evidence' : 'check_covid_candidate_other',
        });
      }
    }
  }
  return out;
}
