// Claims from different sources that state the same finding are evidence for each other (issues 31 and
// 32). A claim's candidates are the passages its words and vectors rank highest, and the judge reads each
// against the claim; the quick start's "Every 4–7 years, an El Niño event causes some reefs … to bleach …
// 1998 and 2010" and another article's "The first mass global bleaching events were recorded in 1998 and
// 2010, which was when the El Niño caused …" were never linked, the default judge calling the pair
// neutral. Here every pair of the task's English claims from different pages whose sentences the
// pretrained encoder reads as close (cosine ≥ CORROBORATION_MIN_COSINE) goes to the pretrained judge, each
// way (a statement given to `lyra verify`, stated on no page, only as the claim); a pair it reads as
// supporting becomes a supports edge from the other claim's sentence, judged by it.
// The gate is what makes the judge precise: on Climate-FEVER's claims and their Wikipedia evidence
// sentences, its supports alone are right 0.589 / 0.603 of the time (even / odd claim ids), and with
// cosine ≥ 0.7 0.820 / 0.813 (50 / 32 shown; the bar fitted on the even ids for precision ≥ 0.8 keeping
// the most recall, the odd ids held out). Only supports are added: the judge's refutes on claims of a
// modal or causal kind were wrong in every case read on the quick start (models/nli-en/MODEL_CARD.md).
// A pair the judge leaves neutral is read once more with the roles swapped: where the claim entails the
// other sentence (supports ≥ PART_MIN_SUPPORTS), that sentence states part of the claim, and the link is
// written as a part (`part` on the edge: its status counts only that sentence's words as covered). Two
// readers of the quick start found claims stated in other articles that the run linked one way only ("Every
// 4–7 years, an El Niño event causes …" supports "The first mass global bleaching events were recorded in
// 1998 and 2010 …" but not back), since entailment is one-way and "states the core finding" is not.
import {
  cosineSimilarity,
  throwIfAborted,
  type Claim,
  type EmbeddingModel,
  type StanceEdge,
  type StanceJudgement,
  type StanceModel,
  type Store,
} from '../../core/index.js';
import { detectLanguage, splitSentences } from '../../extract/index.js';
import { isOriginEdge, isStanceEdge, originPages, type TaskGraph } from '../materials/index.js';
import { decisiveFields } from './decisive-span.js';
import { stanceEdgeId } from './edge-ids.js';
import { edgeFromJudgement, judgeEach } from './stance-step.js';

/** Cosine of the shipped encoder (models/minilm-en) from which two claims are asked about. */
export const CORROBORATION_MIN_COSINE = 0.7;

/**
 * The swapped reading's supports probability from which a sentence states part of a claim. On
 * Climate-FEVER (npm run bench:corroborate, within the cosine gate) the links it adds to the supports
 * above are right 8 of 8 times on the even claim ids and 7 of 9 on the odd ones: with them 58 / 41 links
 * at precision 0.845 / 0.805 (0.820 / 0.813 without). Chosen with both halves in view, so the odd figure
 * is no clean hold-out: the gate's rule (precision ≥ 0.8 on the even ids, most recall) would have taken
 * 0.6, whose part links are right 0.893 (even) and 0.571 (odd) of the time. The quick start's 5, read one
 * by one, each state part of their claim.
 */
export const PART_MIN_SUPPORTS = 0.7;

/** Pairs asked about per graph phase, closest first, so a task full of paraphrases stays bounded. */
export const MAX_CORROBORATION_PAIRS = 2_000;

export interface CorroborationDeps {
  store: Store;
  /** The pretrained sentence encoder whose cosine gates the pairs (its bar is fitted for models/minilm-en). */
  encoder: () => EmbeddingModel | undefined;
  /** The pretrained judge (models/nli-en). */
  judge: () => StanceModel | undefined;
}

interface Origin {
  claim: Claim;
  /** Where the claim is stated: the fragment and its sentence there; none for a statement given to verify. */
  stated?: { fragmentId: string; sentence: string };
  pages: readonly string[];
}

/** The claims with an origin edge on a fragment of `pageIds` (what a graph phase over those pages stated). */
export function claimsStatedOn(graph: TaskGraph, pageIds: readonly string[]): Set<string> {
  const pages = new Set(pageIds);
  const out = new Set<string>();
  for (const e of graph.stance) {
    if (!isOriginEdge(e)) continue;
    const f = graph.fragmentById.get(e.fragmentId);
    if (f && pages.has(f.pageId)) out.add(e.claimId);
  }
  return out;
}

/**
 * Supports edges between claims of different pages that state the same finding, for pairs with at least
 * one claim in `newClaimIds` (claims of earlier phases were paired then). The pairs asked about are the
 * same whatever was written before (a resumed phase stops at the very pair an uninterrupted one stops
 * at); pairs already linked are not asked again. Returns the edges written.
 */
export async function corroborateClaims(
  deps: CorroborationDeps,
  input: { graph: TaskGraph; newClaimIds: ReadonlySet<string>; batchSize: number; signal?: AbortSignal },
): Promise<StanceEdge[]> {
  const { graph, newClaimIds, signal } = input;
  if (newClaimIds.size === 0) return [];
  const origins: Origin[] = [];
  for (const claim of graph.claims) {
    if (detectLanguage(claim.statement) !== 'en') continue;
    const origin = (graph.stanceByClaim.get(claim.id) ?? []).find((e) => isOriginEdge(e) && e.decisiveSentence);
    origins.push({
      claim,
      ...(origin ? { stated: { fragmentId: origin.fragmentId, sentence: origin.decisiveSentence! } } : {}),
      pages: originPages(graph, claim.id).map((p) => p.id),
    });
  }
  if (!origins.some((o) => newClaimIds.has(o.claim.id)) || origins.length < 2) return [];
  const encoder = deps.encoder();
  if (!encoder) return [];
  const vectors = await encoder.embed(
    origins.map((o) => o.claim.statement),
    signal ? { signal } : {},
  );
  throwIfAborted(signal);

  // (claim, evidence) pairs, each way, from different pages, close enough, not judged by this judge yet.
  const stored = new Map(graph.stance.map((e) => [stanceEdgeId(graph.task.id, e.fragmentId, e.claimId), e]));
  // A claim stated nowhere (a statement given to verify) can be supported but supports nothing.
  const pairs: Array<{ claim: Origin; evidence: Origin & Required<Pick<Origin, 'stated'>>; cosine: number; edgeId: string }> = [];
  const edgeIdOf = (claim: Origin, evidence: Required<Pick<Origin, 'stated'>>): string =>
    stanceEdgeId(graph.task.id, evidence.stated.fragmentId, claim.claim.id);
  for (let i = 0; i < origins.length; i++) {
    for (let j = i + 1; j < origins.length; j++) {
      const a = origins[i]!;
      const b = origins[j]!;
      if (!newClaimIds.has(a.claim.id) && !newClaimIds.has(b.claim.id)) continue;
      const cosine = cosineSimilarity(vectors[i]!, vectors[j]!);
      if (cosine < CORROBORATION_MIN_COSINE || a.pages.some((p) => b.pages.includes(p))) continue;
      if (b.stated) pairs.push({ claim: a, evidence: { ...b, stated: b.stated }, cosine, edgeId: edgeIdOf(a, { stated: b.stated }) });
      if (a.stated) pairs.push({ claim: b, evidence: { ...a, stated: a.stated }, cosine, edgeId: edgeIdOf(b, { stated: a.stated }) });
    }
  }
  // Closest first (ties by claim and evidence id); one pair per edge, the closest sentence of a fragment;
  // cut at the bound before anything stored is looked at, so the set asked about never depends on it.
  pairs.sort((x, y) => y.cosine - x.cosine || cmp(x.claim.claim.id, y.claim.claim.id) || cmp(x.evidence.claim.id, y.evidence.claim.id));
  const seen = new Set<string>();
  const bounded = pairs
    .filter((p) => {
      if (seen.has(p.edgeId)) return false;
      seen.add(p.edgeId);
      return true;
    })
    .slice(0, MAX_CORROBORATION_PAIRS);
  const open = bounded.filter((p) => replaceable(stored.get(p.edgeId)));
  if (open.length === 0) return [];
  const judge = deps.judge();
  if (!judge) return [];

  const out: StanceEdge[] = [];
  // A claim stated as its own sentence makes the swapped reading of (a, b) the very pair that (b, a) asks:
  // each text pair is judged once per call (the judge reads a pair alone, so its judgement is the same).
  const ask = memoJudge(judge, 4 * open.length);
  for (let k = 0; k < open.length; k += input.batchSize) {
    throwIfAborted(signal);
    const batch = open.slice(k, k + input.batchSize);
    const judged = await ask(
      batch.map((p) => ({ claim: p.claim.claim.statement, passage: p.evidence.stated.sentence })),
      signal,
    );
    const parts = await readParts(ask, batch, judged, signal);
    const now = new Date().toISOString();
    const edges = batch.flatMap((p, n) => {
      // Not read as support: the link, if any, is the swapped reading's, and states part of the claim.
      const part = judged[n]!.stance !== 'supports';
      const j = part ? parts.get(n) : judged[n]!;
      if (!j) return [];
      const fragment = graph.fragmentById.get(p.evidence.stated.fragmentId);
      if (!fragment) return [];
      const { decisiveSpan: _judged, ...edge } = edgeFromJudgement({
        taskId: graph.task.id,
        claimId: p.claim.claim.id,
        fragment,
        judgement: j,
        stance: judge,
        now,
      });
      return [{ ...edge, ...decisiveFields(fragment.text, p.evidence.stated.sentence), ...(part ? { part: true } : {}) }];
    });
    out.push(...writeLinks(deps.store, edges));
  }
  return out;
}

/** Sentences read per candidate fragment, and in all, when a statement's candidates are read sentence by sentence. */
const MAX_SENTENCES_PER_FRAGMENT = 40;
const MAX_SENTENCES = 600;

/**
 * For a statement given to verify: each candidate fragment the default judge left neutral is read again
 * sentence by sentence, and a sentence within the encoder's gate that the pretrained judge reads as
 * support turns the edge into a supports edge with that sentence as its span (the gate's precision on
 * Climate-FEVER, 0.813, is for exactly such claim–sentence pairs). A gate of 0.6 was tried (2026-11-30,
 * night): `lyra verify` on Check-COVID dev 0.260 → 0.284, but the supports it adds are right about half the
 * time there (6 of 12) and on Climate-FEVER (about 14 of 23), and it read "…a twelve-week walking programme
 * left systolic blood pressure unchanged…" as support for "Brisk walking is an effective treatment…" (0.62);
 * not kept. Returns the edges written.
 */
export async function corroborateFromSentences(
  deps: CorroborationDeps,
  input: { graph: TaskGraph; claimId: string; batchSize: number; signal?: AbortSignal },
): Promise<StanceEdge[]> {
  const { graph, signal } = input;
  const claim = graph.claimById.get(input.claimId);
  if (!claim || detectLanguage(claim.statement) !== 'en') return [];
  const neutral = (graph.stanceByClaim.get(claim.id) ?? []).filter((e) => e.kind === 'neutral' && e.judge.by === 'model');
  const sentences: Array<{ edge: StanceEdge; text: string; start: number; end: number }> = [];
  for (const edge of neutral) {
    const fragment = graph.fragmentById.get(edge.fragmentId);
    if (!fragment) continue;
    for (const s of splitSentences(fragment.text, { language: 'en' }).slice(0, MAX_SENTENCES_PER_FRAGMENT)) {
      if (sentences.length >= MAX_SENTENCES) break;
      const text = fragment.text.slice(s.start, s.end);
      if (/[A-Za-z]{3}/.test(text)) sentences.push({ edge, text, start: s.start, end: s.end });
    }
  }
  if (sentences.length === 0) return [];
  const encoder = deps.encoder();
  if (!encoder) return [];
  const [claimVector, ...vectors] = await encoder.embed([claim.statement, ...sentences.map((s) => s.text)], signal ? { signal } : {});
  const close = sentences.filter((_, k) => cosineSimilarity(claimVector!, vectors[k]!) >= CORROBORATION_MIN_COSINE);
  if (close.length === 0) return [];
  const judge = deps.judge();
  if (!judge) return [];
  // The most probable supporting sentence of each fragment decides its edge.
  const best = new Map<string, { sentence: (typeof close)[number]; judgement: StanceJudgement }>();
  for (let k = 0; k < close.length; k += input.batchSize) {
    throwIfAborted(signal);
    const batch = close.slice(k, k + input.batchSize);
    const judged = await judgeEach(
      judge,
      batch.map((s) => ({ claim: claim.statement, passage: s.text })),
      signal,
    );
    batch.forEach((sentence, n) => {
      const judgement = judged[n]!;
      if (judgement.stance !== 'supports') return;
      const prior = best.get(sentence.edge.id);
      if (!prior || judgement.scores.supports > prior.judgement.scores.supports) best.set(sentence.edge.id, { sentence, judgement });
    });
  }
  const now = new Date().toISOString();
  const edges = [...best.values()].map(({ sentence, judgement }) => {
    const fragment = graph.fragmentById.get(sentence.edge.fragmentId)!;
    const edge = edgeFromJudgement({ taskId: graph.task.id, claimId: claim.id, fragment, judgement, stance: judge, now });
    return { ...edge, decisiveSentence: sentence.text, decisiveSpan: [sentence.start, sentence.end] as [number, number] };
  });
  return writeLinks(deps.store, edges);
}

/**
 * The swapped reading of the pairs the judge left neutral (a refute is never read back): the claim as the
 * premise, the other claim's sentence as what it should entail. Returns, by index in `batch`, the
 * judgements that reach PART_MIN_SUPPORTS; their probabilities are those of the swapped reading.
 */
async function readParts(
  ask: Ask,
  batch: ReadonlyArray<{ claim: Origin; evidence: Required<Pick<Origin, 'stated'>> }>,
  forward: readonly StanceJudgement[],
  signal: AbortSignal | undefined,
): Promise<Map<number, StanceJudgement>> {
  // The sentence becomes the judge's claim: one with no Latin letter (a reference line) is not asked.
  const asked = batch.flatMap((p, n) => (forward[n]!.stance === 'neutral' && /[A-Za-z]/.test(p.evidence.stated.sentence) ? [n] : []));
  const out = new Map<number, StanceJudgement>();
  if (asked.length === 0) return out;
  const back = await ask(
    asked.map((n) => ({ claim: batch[n]!.evidence.stated.sentence, passage: batch[n]!.claim.claim.statement })),
    signal,
  );
  asked.forEach((n, k) => {
    const j = back[k]!;
    if (j.stance === 'supports' && j.scores.supports >= PART_MIN_SUPPORTS) out.set(n, { ...j, decisiveSentence: batch[n]!.evidence.stated.sentence });
  });
  return out;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Judges (claim, passage) text pairs. */
type Ask = (pairs: Array<{ claim: string; passage: string }>, signal: AbortSignal | undefined) => Promise<StanceJudgement[]>;

/**
 * The judge with its judgements kept by text pair, at most `limit` of them (beyond, pairs are asked again):
 * a pair already judged is not asked twice, and the rest of a call go to the judge together.
 */
export function memoJudge(judge: StanceModel, limit: number): Ask {
  const memo = new Map<string, StanceJudgement>();
  const key = (p: { claim: string; passage: string }): string => `${p.claim}\u0000${p.passage}`;
  return async (pairs, signal) => {
    const missing = [...new Map(pairs.filter((p) => !memo.has(key(p))).map((p) => [key(p), p])).values()];
    const fresh = missing.length > 0 ? await judgeEach(judge, missing, signal) : [];
    const got = new Map(missing.map((p, i) => [key(p), fresh[i]!]));
    for (const [k, j] of got) if (memo.size < limit) memo.set(k, j);
    return pairs.map((p) => memo.get(key(p)) ?? got.get(key(p))!);
  };
}

/** Whether a stored edge may be replaced by a link: none stored, or a model's neutral judgement. */
function replaceable(e: StanceEdge | undefined): boolean {
  return e === undefined || (e.kind === 'neutral' && e.judge.by === 'model');
}

/**
 * Writes links in one transaction, each only if the edge stored now is still replaceable: a person's
 * label written while the judge read (MCP, the UI, a worker) stands. Returns the edges written.
 */
function writeLinks(store: Store, edges: readonly StanceEdge[]): StanceEdge[] {
  const written: StanceEdge[] = [];
  store.transaction(() => {
    for (const e of edges) {
      const now = store.getEdge(e.id);
      if (now !== undefined && !(isStanceEdge(now) && replaceable(now))) continue;
      if (now) store.replaceEdge(e);
      else store.insertEdge(e);
      written.push(e);
    }
  });
  return written;
}
