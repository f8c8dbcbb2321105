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
import { cosineSimilarity, throwIfAborted, type Claim, type EmbeddingModel, type StanceEdge, type StanceModel, type Store } from '../../core/index.js';
import { detectLanguage } from '../../extract/index.js';
import { isOriginEdge, originPages, type TaskGraph } from '../materials/index.js';
import { decisiveFields } from './decisive-span.js';
import { stanceEdgeId } from './edge-ids.js';
import { edgeFromJudgement } from './stance-step.js';

/** Cosine of the shipped encoder (models/minilm-en) from which two claims are asked about. */
export const CORROBORATION_MIN_COSINE = 0.7;

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
  pages: ReadonlySet<string>;
}

/**
 * Supports edges between claims of different pages that state the same finding, for pairs with at least
 * one claim in `newClaimIds` (claims of earlier phases were paired then). Returns the edges written.
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
      pages: new Set(originPages(graph, claim.id).map((p) => p.id)),
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
  const pairs: Array<{ claim: Origin; evidence: Origin & Required<Pick<Origin, 'stated'>>; cosine: number }> = [];
  for (let i = 0; i < origins.length; i++) {
    for (let j = i + 1; j < origins.length; j++) {
      const a = origins[i]!;
      const b = origins[j]!;
      if (!newClaimIds.has(a.claim.id) && !newClaimIds.has(b.claim.id)) continue;
      if ([...a.pages].some((p) => b.pages.has(p))) continue;
      const cosine = cosineSimilarity(vectors[i]!, vectors[j]!);
      if (cosine < CORROBORATION_MIN_COSINE) continue;
      if (b.stated) pairs.push({ claim: a, evidence: { ...b, stated: b.stated }, cosine });
      if (a.stated) pairs.push({ claim: b, evidence: { ...a, stated: a.stated }, cosine });
    }
  }
  const open = pairs.filter((p) => {
    const e = stored.get(stanceEdgeId(graph.task.id, p.evidence.stated.fragmentId, p.claim.claim.id));
    // A stored judgement that took a side, or a person's label, stands; a neutral one may be read again.
    return e === undefined || (e.kind === 'neutral' && e.judge.by === 'model');
  });
  if (open.length === 0) return [];
  open.sort((x, y) => y.cosine - x.cosine);
  open.length = Math.min(open.length, MAX_CORROBORATION_PAIRS);
  const judge = deps.judge();
  if (!judge) return [];

  const out: StanceEdge[] = [];
  for (let k = 0; k < open.length; k += input.batchSize) {
    throwIfAborted(signal);
    const batch = open.slice(k, k + input.batchSize);
    const judged = await judge.judge(
      batch.map((p) => ({ claim: p.claim.claim.statement, passage: p.evidence.stated.sentence })),
      signal ? { signal } : {},
    );
    const now = new Date().toISOString();
    const edges = batch.flatMap((p, n) => {
      const j = judged[n]!;
      if (j.stance !== 'supports') return [];
      const fragment = graph.fragmentById.get(p.evidence.stated.fragmentId);
      if (!fragment) return [];
      const edge = edgeFromJudgement({ taskId: graph.task.id, claimId: p.claim.claim.id, fragment, judgement: j, stance: judge, now });
      return [{ ...edge, ...decisiveFields(fragment.text, p.evidence.stated.sentence) }];
    });
    deps.store.transaction(() => {
      for (const e of edges) {
        if (stored.has(e.id)) deps.store.replaceEdge(e);
        else deps.store.insertEdge(e);
      }
    });
    out.push(...edges);
  }
  return out;
}
