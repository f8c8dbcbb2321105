// Research over one's own documents when they do not use the question's words (issue 32): three small
// corpora written for these tests (src/test-support/corpora), each with the answer in other words and
// distractors beside it. The target: the run answers "supported" and quotes the sentence in other words.
// Pinned as known gaps (a todo test runs and reports, but does not fail the suite) until relevance and the
// judge read meaning well enough. The corpora were written before any of them was run. Measured on
// 2026-11-29 (second session) with relevance by meaning (models/relevance: the term rules mixed with the
// shipped all-MiniLM-L6-v2's cosines of question and claim and of question and the claim's document
// title; relevant from 0.3) and the default judge; each run ends "nothing relevant" (exit 1):
// - bees: "neonicotinoid pesticides" against "imidacloprid", "clothianidin", "thiamethoxam". Every claim
//   scores 0 on the rules; by meaning the EFSA conclusion on "the three insecticides" comes first (0.183),
//   the imidacloprid trial second (0.070). Word pairs: cosine("pesticides", "imidacloprid") 0.32,
//   ("neonicotinoid", "imidacloprid") 0.26.
// - exercise: "physical activity" against "aerobic exercise", "brisk walking", "endurance training". The
//   claims share "blood pressure" but not the subject: the aerobic-exercise trial scores 0.115, the
//   meta-analysis of endurance training 0.079 and the salt sentence 0.075, all under the cut. The judge
//   reads the trial as support (nli 0.69; embedded 0.94, under its precision bar).
// - vitamin C: "vitamin C" against "ascorbic acid" and "ascorbate". The ascorbic-acid trial scored 0.068,
//   the zinc sentence 0.039. The nli judge leans to reading the ascorbic-acid trial as refuting (0.68,
//   under its bar 0.74). Since 2026-11-29 (third session) the subject's other names come from WordNet
//   (extract/claims/other-names.ts: "vitamin C" is "ascorbic acid"): the trial is relevant, and the
//   proposition is judged against it as "Ascorbic acid does shorten the common cold." (supports 0.90; as
//   stated, neutral at 0.70). The run exits 0 with the trial quoted for the proposition, but answers
//   "insufficient evidence": one UNVERIFIED document is too little for a verdict (the same folder added
//   --trust-level academic answers "supported (0.81)").
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli, tempHome } from '../../test-support/cli.js';
import { PROJECT_ROOT } from '../../test-support/shared-data.js';

const CORPORA = join(PROJECT_ROOT, 'src', 'test-support', 'corpora');

const CASES = [
  {
    corpus: 'bees',
    question: 'Do neonicotinoid pesticides harm honeybees?',
    quote: /imidacloprid/i,
    todo: 'every claim scores 0 on the term rules and the encoder does not know a pesticide by its chemical name (issue 32)',
  },
  {
    corpus: 'exercise',
    question: 'Does physical activity lower blood pressure?',
    quote: /aerobic exercise|brisk walking|endurance/i,
    todo: 'the aerobic-exercise trial scores relevance 0.115, under the cut 0.3, barely ahead of the salt sentence (issue 32)',
  },
  {
    corpus: 'vitamin-c',
    question: 'Does vitamin C shorten the common cold?',
    quote: /ascorbic acid|ascorbate/i,
    todo: 'the ascorbic-acid trial is relevant and quoted for the proposition by its WordNet name, but one UNVERIFIED document is too little for a verdict (issues 31, 32)',
  },
] as const;

/** Adds the corpus to a fresh home and researches the question over it: the run and its report folder. */
async function researchOver(
  home: string,
  corpus: string,
  question: string,
): Promise<{ run: Awaited<ReturnType<typeof runCli>>; dir: string; file: (suffix: string) => string }> {
  const add = await runCli(['corpus', 'add', join(CORPORA, corpus), '--corpus', corpus], { home });
  assert.equal(add.code, 0, add.err);
  const run = await runCli(['research', question, '--corpus', corpus, '--budget', 'pages=12,queries=40,seconds=600'], { home, cwd: home });
  const out = join(home, '_outputs', 'research');
  const dir = join(out, readdirSync(out)[0]!);
  return { run, dir, file: (suffix) => readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith(suffix))!), 'utf8') };
}

for (const c of CASES) {
  test(`research in other words: "${c.question}" over files that say it differently answers supported`, { todo: c.todo }, async () => {
    const home = tempHome(`lyra-${c.corpus}-`);
    try {
      const { run, file } = await researchOver(home, c.corpus, c.question);
      const report = file('_report.md');
      assert.equal(run.code, 0, run.err);
      assert.match(report, /## Answer\s+\*\*Supported\*\*/);
      assert.match(report.split('## Summary')[0]!, c.quote);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
}

test('the subject by its WordNet name: the vitamin C run reads the ascorbic-acid trial, judges it as "Ascorbic acid does…" and says so (report, answer, evidence.json)', async () => {
  const home = tempHome('lyra-vitamin-c-names-');
  try {
    const { run, dir, file } = await researchOver(home, 'vitamin-c', 'Does vitamin C shorten the common cold?');
    assert.equal(run.code, 0, run.err);
    const answer = file('_report.md').split('## Summary')[0]!;
    assert.match(answer, /For:\s+- “In regular supplementation trials, taking at least 200 mg of ascorbic acid a day/);
    assert.match(answer, /\(judged as “Ascorbic acid does shorten the common cold\.”\)/);
    const search = readFileSync(join(dir, 'search_log.md'), 'utf8');
    assert.match(search, /the question, its subject named otherwise \| Ascorbic acid shorten common cold/);
    const evidence = JSON.parse(readFileSync(join(dir, 'evidence.json'), 'utf8')) as { items: Array<{ quote: string; read_as?: string }> };
    assert.ok(evidence.items.some((e) => e.quote.includes('ascorbic acid') && e.read_as === 'Ascorbic acid does shorten the common cold.'));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a run whose claims all miss the relevance cut lists the nearest claims it read in the report (exit 1, research_no_relevant)', async () => {
  const home = tempHome('lyra-nearest-');
  try {
    const { run, file } = await researchOver(home, 'exercise', 'Does physical activity lower blood pressure?');
    const report = file('_report.md');
    // When relevance reads "aerobic exercise" as physical activity this run is answered (the todo above
    // passes) and this test needs a corpus that still misses the cut.
    assert.equal(run.code, 1, run.err);
    assert.match(run.err, /reached the relevance cut/);
    const nearest = report.split('## Nearest claims (under the relevance cut)')[1]?.split('\n## ')[0];
    assert.ok(nearest, 'the report has a "Nearest claims" section');
    const items = nearest.split('\n').filter((l) => l.startsWith('- '));
    assert.equal(items.length, 5);
    assert.match(items.join('\n'), /aerobic exercise/);
    // Nearest first, each with its relevance under the cut.
    const rel = items.map((l) => Number(/relevance (\d\.\d+)/.exec(l)?.[1]));
    assert.deepEqual(
      [...rel].sort((a, b) => b - a),
      rel,
    );
    assert.ok(rel.every((r) => r > 0 && r < 0.3));
    // The self-contained page says the same.
    const section = file('_report.html').split('<section id="nearest">')[1]?.split('</section>')[0] ?? '';
    assert.equal(section.split('<li>').length - 1, 5);
    assert.match(section, /aerobic exercise/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('the subject through the kinds its sources name: over the fasting folder, trials of alternate-day fasting and time-restricted eating are relevant to a question about intermittent fasting', async () => {
  // The folder (src/test-support/corpora/fasting) was written on 2026-11-30 before kinds were read; one of its
  // documents defines the subject ("Intermittent fasting covers several eating patterns, including
  // alternate-day fasting, the 5:2 diet and time-restricted eating."), the trials name only their kind.
  // Before: 3 relevant claims, none of the two trials'; the alternate-day trial scored 0.182, the
  // time-restricted one 0.037.
  const home = tempHome('lyra-fasting-');
  try {
    const { run, dir, file } = await researchOver(home, 'fasting', 'Does intermittent fasting help people lose weight?');
    assert.equal(run.code, 0, run.err);
    const claims = file('_report.md').split('## Summary')[1]!.split('## Coverage by perspective')[0]!;
    assert.match(claims, /### \d+\. Participants who fasted on alternate days lost 6\.0 percent/);
    assert.match(claims, /### \d+\. Among adults with obesity, time-restricted eating combined with calorie restriction was not more effective/);
    assert.doesNotMatch(claims, /Meeting notes|Coffee will be provided/);
    // The reader is told why claims that do not name the subject are listed.
    assert.match(
      claims,
      /- The subject was also read through the kinds its sources name, so claims about them count as relevant: alternate-day fasting, 5:2 diet, time-restricted eating \(of intermittent fasting\)\./,
    );
    const verified = JSON.parse(readFileSync(join(dir, 'verified_claims.json'), 'utf8')) as { items: Array<{ statement: string; relevance: number }> };
    const relevanceOf = (start: string) => verified.items.find((c) => c.statement.startsWith(start))?.relevance ?? -1;
    assert.ok(relevanceOf('Participants who fasted on alternate days') >= 0.3);
    assert.ok(relevanceOf('Meanwhile, sales of fasting apps') < 0.3, "a sentence on the subject's word alone stays under the cut");
    // A relevant claim that only its review states: the other source's passage nearest in meaning is shown,
    // neutral, where the report said "no further evidence found" (the claim stays UNSUPPORTED).
    const review = verified.items.find((c) => c.statement.startsWith('In most trials lasting 8 to 24 weeks')) as
      | { status: string; closest?: Array<{ quote: string; leans: string; url: string }> }
      | undefined;
    assert.equal(review?.status, 'UNSUPPORTED');
    assert.match(review?.closest?.[0]?.quote ?? '', /^Participants who fasted on alternate days lost 6\.0 percent/);
    assert.match(review?.closest?.[0]?.url ?? '', /alternate-day/);
    const block = claims.split(/### \d+\. In most trials lasting 8 to 24 weeks/)[1]!.split('### ')[0]!;
    assert.match(block, /- No other source's passage passed the judge's bar; the closest read \(left neutral: read it yourself\): .*\[\d+\]/);
    assert.doesNotMatch(block, /no further evidence found/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('an open question whose relevant claims no second source confirmed shows them in the answer, each quoted from its source (report and research_run.json)', async () => {
  // Before 2026-11-30 the answer over a folder of single-source documents said "Insufficient evidence" and
  // nothing else: every claim was UNSUPPORTED, and an open question quotes only supported or refuted claims.
  const home = tempHome('lyra-fasting-open-');
  try {
    const { run, dir, file } = await researchOver(home, 'fasting', 'What are the effects of intermittent fasting on body weight?');
    assert.equal(run.code, 0, run.err);
    const answer = file('_report.md').split('## Summary')[0]!;
    assert.match(answer, /\*\*Insufficient evidence\*\*/);
    const list = answer.split('- Most relevant claims, each stated by one source that no other confirmed (read them yourself):')[1];
    assert.ok(list, answer);
    assert.match(
      list,
      /“In most trials lasting 8 to 24 weeks, intermittent fasting led to a weight loss of 3 to 8 percent of body weight\.” \[\d\] — UNSUPPORTED, relevance 0\.\d\d/,
    );
    assert.doesNotMatch(list, /Meeting notes|Coffee/);
    const runJson = JSON.parse(readFileSync(join(dir, 'research_run.json'), 'utf8')) as {
      answer: { unconfirmed: Array<{ quote: string; status: string; relevance: number; claim_id: string; citation: number }> };
    };
    const u = runJson.answer.unconfirmed;
    assert.ok(u.length >= 1 && u.length <= 3);
    assert.ok(u.every((q) => q.relevance >= 0.3 && q.citation >= 1 && q.claim_id.length > 0));
    assert.deepEqual(
      u.map((q) => q.relevance),
      [...u.map((q) => q.relevance)].sort((a, b) => b - a),
    );
    assert.match(file('_report.html'), /<h3>Most relevant claims, each stated by one source that no other confirmed \(read them yourself\)<\/h3>/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
