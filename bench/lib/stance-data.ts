// Loaders for the stance training and evaluation sets under ../shared/data, with deterministic
// hash splits. Shared by scripts/train-stance.ts and bench/stance.ts so both see the same splits.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stance } from '../../src/core/index.js';
import { hashFeature } from '../../src/models/stance/index.js';

export interface LabelledPair {
  claim: string;
  passage: string;
  label: Stance;
  /** Rows with the same group land in the same split (premise, claim id…). */
  group: string;
  source: string;
}

const NLI_LABELS: Record<string, Stance> = {
  entailment: 'supports',
  contradiction: 'refutes',
  neutral: 'neutral',
  e: 'supports',
  c: 'refutes',
  n: 'neutral',
  supports: 'supports',
  refutes: 'refutes',
  not_enough_info: 'neutral',
  support: 'supports',
  refute: 'refutes',
  notenoughinfo: 'neutral',
};

function mapLabel(raw: string): Stance | undefined {
  return NLI_LABELS[raw.trim().toLowerCase()];
}

/** Fraction in [0, 1) from a string, stable across runs and machines. */
export function splitFraction(key: string, salt = 'lyra-stance'): number {
  return hashFeature(`${salt}:${key}`, 1 << 20) / (1 << 20);
}

function lines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
}

/** Undo PTB/FEVER tokenization so the text looks like ordinary prose. */
export function detokenize(text: string): string {
  return text
    .replace(/-LRB-/g, '(')
    .replace(/-RRB-/g, ')')
    .replace(/-LSB-/g, '[')
    .replace(/-RSB-/g, ']')
    .replace(/``|''/g, '"')
    .replace(/ ([.,;:!?%)\]'])/g, '$1')
    .replace(/([([]) /g, '$1')
    .replace(/ n't/g, "n't")
    .replace(/\s+/g, ' ')
    .trim();
}

function tsv(path: string, cols: { premise: number; hypothesis: number; label: number }, source: string, header = true): LabelledPair[] {
  const out: LabelledPair[] = [];
  for (const line of lines(path).slice(header ? 1 : 0)) {
    const f = line.split('\t');
    const label = mapLabel(f[cols.label] ?? '');
    const premise = detokenize(f[cols.premise] ?? '');
    const hypothesis = detokenize(f[cols.hypothesis] ?? '');
    if (!label || !premise || !hypothesis) continue;
    out.push({ claim: hypothesis, passage: premise, label, group: premise, source });
  }
  return out;
}

export function loadSnli(root: string, split: 'dev' | 'test'): LabelledPair[] {
  return tsv(join(root, 'nli/snli_esnli', `snli_${split}.tsv`), { premise: 0, hypothesis: 1, label: 2 }, `snli_${split}`);
}

export function loadSnliCad(root: string): LabelledPair[] {
  // all_combined train (from SNLI train) and dev (from SNLI dev); never test (from SNLI test).
  return ['train', 'dev'].flatMap((s) => tsv(join(root, 'nli/snli_cad/all_combined', `${s}.tsv`), { premise: 0, hypothesis: 1, label: 2 }, 'snli_cad'));
}

export function loadMnliSample(root: string): LabelledPair[] {
  return ['mnli_matched', 'mnli_mismatched'].flatMap((f) =>
    tsv(join(root, 'nli/mnli_textfooler_sample', `${f}.tsv`), { label: 0, premise: 1, hypothesis: 2 }, 'mnli_sample', false),
  );
}

export function loadNegationNli(root: string): LabelledPair[] {
  return ['MNLI', 'SNLI'].flatMap((f) =>
    tsv(join(root, 'nli/negation_nli', `${f}.txt`), { premise: 1, hypothesis: 2, label: 3 }, `negation_${f.toLowerCase()}`),
  );
}

export function loadBreakingNli(root: string): LabelledPair[] {
  const out: LabelledPair[] = [];
  for (const line of lines(join(root, 'nli/breaking_nli/dataset.jsonl'))) {
    const r = JSON.parse(line) as { sentence1: string; sentence2: string; gold_label: string };
    const label = mapLabel(r.gold_label);
    if (label) out.push({ claim: r.sentence2, passage: r.sentence1, label, group: r.sentence1, source: 'breaking_nli' });
  }
  return out;
}

export function loadConjNli(root: string, file: 'adversarial_train_15k' | 'conj_dev'): LabelledPair[] {
  return tsv(join(root, 'nli/conjnli', `${file}.tsv`), { premise: 0, hypothesis: 1, label: 2 }, `conjnli_${file}`);
}

export function loadHans(root: string): LabelledPair[] {
  return tsv(join(root, 'nli/hans_mnli_contradicting/mnli_contradicting_examples.tsv'), { premise: 0, hypothesis: 1, label: 2 }, 'hans_contradicting', false);
}

/** FEVER dev as RTE: entailment = SUPPORTS, not_entailment = REFUTES (NEI was dropped upstream). */
export function loadFeverRte(root: string): LabelledPair[] {
  const out: LabelledPair[] = [];
  for (const line of lines(join(root, 'nli/fever_rte_dev/fever_dev_rte.tsv')).slice(1)) {
    const [evidence, claim, label] = line.split('\t');
    if (!evidence || !claim || !label) continue;
    out.push({
      claim: detokenize(claim),
      passage: detokenize(evidence),
      label: label === 'entailment' ? 'supports' : 'refutes',
      group: claim,
      source: 'fever_rte',
    });
  }
  return out;
}

/** SciFact rationale–claim pairs: entailment = supports; not_entailment = refutes (rationales exist only for SUPPORT/CONTRADICT claims). */
export function loadSciFactRte(root: string): LabelledPair[] {
  const out: LabelledPair[] = [];
  for (const line of lines(join(root, 'scifact/rte_pairs/train.tsv')).slice(1)) {
    const [, evidence, claim, label] = line.split('\t');
    if (!evidence || !claim || !label) continue;
    out.push({ claim, passage: evidence, label: label.trim() === 'entailment' ? 'supports' : 'refutes', group: claim, source: 'scifact_rte' });
  }
  return out;
}

export interface CheckCovidPair extends LabelledPair {
  /** The annotated evidence sentences (PRIMARY and SUPPLEMENTARY), in abstract order. */
  evidence: string[];
  primary: string[];
  abstract: string[];
}

export function loadCheckCovid(root: string, split: 'train' | 'dev'): CheckCovidPair[] {
  const corpus = new Map<string, string[]>();
  for (const line of lines(join(root, 'check-covid/corpus.json'))) {
    const r = JSON.parse(line) as { cord_id: string; abstract: string[] };
    corpus.set(r.cord_id, r.abstract);
  }
  const out: CheckCovidPair[] = [];
  for (const line of lines(join(root, `check-covid/${split}/covidCheck_${split}_composed+extracted.json`))) {
    const r = JSON.parse(line.trim()) as { id: string; claim: string; cord_id: string; label: string; evidence_set: { sent_index: number; type: string }[] };
    const abstract = corpus.get(r.cord_id);
    const label = mapLabel(r.label);
    if (!abstract || !label) continue;
    const ids = [...r.evidence_set].sort((a, b) => a.sent_index - b.sent_index);
    const evidence = ids.map((e) => abstract[e.sent_index]).filter((s): s is string => !!s);
    const primary = ids
      .filter((e) => e.type === 'PRIMARY')
      .map((e) => abstract[e.sent_index])
      .filter((s): s is string => !!s);
    if (evidence.length === 0) continue;
    out.push({
      claim: r.claim.trim(),
      passage: evidence.join(' '),
      label,
      group: r.id.split('_')[0] ?? r.id,
      source: `check_covid_${split}`,
      evidence,
      primary: primary.length ? primary : evidence,
      abstract,
    });
  }
  return out;
}

/** Climate-FEVER claim–evidence pairs (evaluation only: the set states no license). */
export function loadClimateFever(root: string): LabelledPair[] {
  const out: LabelledPair[] = [];
  for (const line of lines(join(root, 'climate-fever/climate-fever.jsonl'))) {
    const r = JSON.parse(line) as { claim_id: string; claim: string; evidences: { evidence: string; evidence_label: string }[] };
    for (const e of r.evidences) {
      const label = mapLabel(e.evidence_label);
      if (label) out.push({ claim: r.claim, passage: e.evidence, label, group: r.claim_id, source: 'climate_fever' });
    }
  }
  return out;
}

/** Held-out part (30 % by group) of the sets that are partly trained on. */
export const HELD_OUT_FRACTION = 0.3;
export function isHeldOut(pair: LabelledPair): boolean {
  return splitFraction(pair.group) < HELD_OUT_FRACTION;
}
