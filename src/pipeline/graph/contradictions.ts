// Phase 7 step 3: contradictions. Every confident `refutes` edge — a fragment on page P refuting claim
// c, the fragment's own claim being c′ — is classified by trust levels (seed 000 §提案1:
// classifyContradiction, handleContradiction). Each side counts at the level of its strongest backer:
// a page the claim was extracted from, or one that confidently supports it. So a news page repeating
// one side of a dispute between two journals takes part in a contest; it is not misinformation. The
// verdict of each side applies to the pages its claim was extracted from. The claims are linked by one
// `contradicts` edge carrying the level of each claim's strongest backer. Whether a refutes edge is a
// contradiction at all is the rule consensus's conflicts use too (policy isContradiction).
import {
  type Claim,
  type ContradictionType,
  type ContradictsEdge,
  type Page,
  type StanceEdge,
  type TrustLevel,
  type VerificationStatus,
  ORIGIN_JUDGE,
  judgeFields,
  isFeedbackModel,
} from '../../core/index.js';
import { normalizeClaim } from '../../extract/index.js';
import {
  CONTRADICTION_MIN_CONFIDENCE,
  CONTRADICTION_MIN_OVERLAP,
  classifyContradiction,
  handleContradiction,
  isContradiction,
  trustRank,
  type StanceReading,
} from '../../policy/index.js';
import { contentTerms, isOriginEdge, overlapCoefficient, type SourceInfo, type TaskGraph } from '../materials/index.js';
import { claimFromNormalized } from './claims-step.js';
import { contradictsEdgeId, stanceEdgeId } from './edge-ids.js';

/**
 * A stored stance edge as the contradiction rule reads it. A person's correction is read without
 * scores: they are still the model's from before it, and the person's label stands on its own.
 */
function stanceReading(e: StanceEdge): StanceReading {
  return { stance: e.kind, confidence: e.confidence, ...(e.scores && !isFeedbackModel(e) ? { scores: e.scores } : {}) };
}

export interface Side {
  page: Page;
  source: SourceInfo;
  /** The level the contradiction was classified with. */
  level: TrustLevel;
}

export interface ContradictionFinding {
  /** The refuted claim (c) and its strongest backing source (Q). */
  claimId: string;
  claimSide: Side;
  /** Every source c was extracted from: all share c's side of the verdict (supporters only lend strength). */
  claimSources: Side[];
  /** The claim of the refuting fragment (c′) and its strongest backing source (P or stronger). */
  otherClaimId: string;
  refutingSide: Side;
  /** Every source c′ was extracted from (P among them). */
  refutingSources: Side[];
  refutesEdgeId: string;
  type: ContradictionType;
  claimStatus: VerificationStatus;
  refutingStatus: VerificationStatus;
}

export interface ContradictionStep {
  findings: ContradictionFinding[];
  /** Claims made from decisive sentences that no extracted claim matched, with their origin edges. */
  newClaims: Claim[];
  newOrigins: StanceEdge[];
  /** The contradicts edges as they should be stored now. */
  edges: ContradictsEdge[];
}

const norm = (s: string | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

function strongest(sides: Side[]): Side | undefined {
  return [...sides].sort((a, b) => trustRank(b.level) - trustRank(a.level) || (a.page.url < b.page.url ? -1 : a.page.url > b.page.url ? 1 : 0))[0];
}

export function findContradictions(options: {
  graph: TaskGraph;
  /** Source and classification level of a page. */
  sideOf: (page: Page) => Side;
  now: string;
}): ContradictionStep {
  const { graph, sideOf, now } = options;
  const taskId = graph.task.id;
  const originsByFragment = new Map<string, StanceEdge[]>();
  const originPages = new Map<string, Set<string>>();
  const addOrigin = (e: StanceEdge, pageId: string): void => {
    const list = originsByFragment.get(e.fragmentId);
    if (list) list.push(e);
    else originsByFragment.set(e.fragmentId, [e]);
    const pages = originPages.get(e.claimId);
    if (pages) pages.add(pageId);
    else originPages.set(e.claimId, new Set([pageId]));
  };
  const supporterPages = new Map<string, Set<string>>();
  for (const e of graph.stance) {
    const f = graph.fragmentById.get(e.fragmentId);
    if (!f) continue;
    if (isOriginEdge(e)) addOrigin(e, f.pageId);
    else if (e.kind === 'supports' && e.confidence >= CONTRADICTION_MIN_CONFIDENCE) {
      const set = supporterPages.get(e.claimId);
      if (set) set.add(f.pageId);
      else supporterPages.set(e.claimId, new Set([f.pageId]));
    }
  }
  const sidesOfPages = (ids: Iterable<string>): Side[] =>
    [...ids]
      .map((id) => graph.pageById.get(id))
      .filter((p): p is Page => p !== undefined)
      .map(sideOf);
  const sidesOf = (claimId: string): Side[] => sidesOfPages(originPages.get(claimId) ?? []);
  /** Sources a claim was extracted from, and sources that confidently support it. */
  const backersOf = (claimId: string): Side[] => sidesOfPages(new Set([...(originPages.get(claimId) ?? []), ...(supporterPages.get(claimId) ?? [])]));

  const findings: ContradictionFinding[] = [];
  const newClaims = new Map<string, Claim>();
  const newOrigins: StanceEdge[] = [];
  for (const e of graph.stance) {
    if (isOriginEdge(e) || !isContradiction(stanceReading(e))) continue;
    const refuted = graph.claimById.get(e.claimId);
    const fragmentText = graph.fragmentById.get(e.fragmentId)?.text ?? '';
    if (!refuted || overlapCoefficient(contentTerms(refuted.statement), contentTerms(e.decisiveSentence ?? fragmentText)) < CONTRADICTION_MIN_OVERLAP) continue;
    const claimSources = sidesOf(e.claimId);
    const fragment = graph.fragmentById.get(e.fragmentId);
    const page = fragment ? graph.pageById.get(fragment.pageId) : undefined;
    // A statement with no source of its own (a user's claim under verification) contradicts nobody.
    if (claimSources.length === 0 || !fragment || !page) continue;
    const p = sideOf(page);
    if (claimSources.some((s) => s.source.key === p.source.key)) continue;

    // The refuting side's claim: the fragment's extracted claim for the decisive sentence, else one made from it.
    const decisive = norm(e.decisiveSentence);
    const own = (originsByFragment.get(fragment.id) ?? []).slice().sort((a, b) => (a.claimId < b.claimId ? -1 : 1));
    // The same sentence of the fragment: by the stored spans when both edges have them (a sentence the
    // fragment repeats is told apart), else by the sentence's text (edges written before spans).
    const span = e.decisiveSpan;
    const sameSentence = (o: StanceEdge): boolean =>
      span && o.decisiveSpan ? span[0] === o.decisiveSpan[0] && span[1] === o.decisiveSpan[1] : decisive !== '' && norm(o.decisiveSentence) === decisive;
    let otherClaimId = own.find(sameSentence)?.claimId;
    if (!otherClaimId && decisive !== '') {
      const n = normalizeClaim({ text: decisive, source: fragment.id });
      otherClaimId = n.claimId;
      if (!graph.claimById.has(n.claimId) && !newClaims.has(n.claimId) && n.claimId !== e.claimId) {
        newClaims.set(n.claimId, claimFromNormalized(n, taskId, now));
      }
      if (n.claimId !== e.claimId && !own.some((o) => o.claimId === n.claimId)) {
        const origin: StanceEdge = {
          id: stanceEdgeId(taskId, fragment.id, n.claimId),
          taskId,
          kind: 'supports',
          fragmentId: fragment.id,
          claimId: n.claimId,
          confidence: 1,
          decisiveSentence: decisive,
          ...(span ? { decisiveSpan: span } : {}),
          ...judgeFields(ORIGIN_JUDGE),
          createdAt: now,
        };
        newOrigins.push(origin);
        addOrigin(origin, page.id);
      }
    }
    otherClaimId ??= own[0]?.claimId;
    if (!otherClaimId || otherClaimId === e.claimId) continue;
    // A source backs one side only: each side's backers exclude the pages the other side was extracted from.
    const refutingSources = sidesOf(otherClaimId);
    const claimKeys = new Set(claimSources.map((x) => x.source.key));
    const refutingKeys = new Set(refutingSources.map((x) => x.source.key));
    const q = strongest(backersOf(e.claimId).filter((x) => !refutingKeys.has(x.source.key)));
    // Every source of the claim also states the refuting claim: no second side to contradict it.
    if (!q) continue;
    const r = strongest(backersOf(otherClaimId).filter((x) => !claimKeys.has(x.source.key))) ?? p;
    const type = classifyContradiction(q.level, r.level);
    const [claimStatus, refutingStatus] = handleContradiction(type, q.level, r.level);
    findings.push({
      claimId: e.claimId,
      claimSide: q,
      claimSources,
      otherClaimId,
      refutingSide: r,
      refutingSources,
      refutesEdgeId: e.id,
      type,
      claimStatus,
      refutingStatus,
    });
  }

  // One edge per claim pair, oriented as first found; each side carries its claim's strongest source.
  const edges = new Map<string, ContradictsEdge>();
  for (const f of findings) {
    const id = contradictsEdgeId(taskId, f.claimId, f.otherClaimId);
    if (edges.has(id)) continue;
    const a = strongest(backersOf(f.claimId)) ?? f.claimSide;
    const b = strongest(backersOf(f.otherClaimId)) ?? f.refutingSide;
    edges.set(id, {
      id,
      taskId,
      kind: 'contradicts',
      claimId: f.claimId,
      otherClaimId: f.otherClaimId,
      contradictionType: classifyContradiction(a.level, b.level),
      trustLevel: a.level,
      otherTrustLevel: b.level,
      createdAt: now,
    });
  }
  return { findings, newClaims: [...newClaims.values()], newOrigins, edges: [...edges.values()] };
}
