// The claims of the in-memory engine double (memory-engine.ts): every sentence of a readable page is a
// claim; another page's sentence sharing three words with it is its evidence (a "not" on one side only
// refutes); statuses, confidence and axes come from the real policy functions. Test support only.
import { claimId, judgeFields, modelJudge, ORIGIN_JUDGE, type ClaimMaterial, type ClaimStatus, type EvidenceView, type SourceView } from '../../core/index.js';
import { claimConfidence, determineClaimStatus, statusAxesFromEvidence, type EvidenceItem } from '../../policy/index.js';
import { negated, sentencesOf, words, type MemoryDoc } from './memory-docs.js';

/** A page the double registered and can read. */
export interface MemoryPage {
  doc: MemoryDoc;
  view: SourceView;
}

function claimMaterial(statement: string, origins: readonly MemoryPage[], readable: readonly MemoryPage[]): ClaimMaterial {
  const id = claimId(statement);
  const cw = words(statement);
  const supporting: EvidenceView[] = [];
  const refuting: EvidenceView[] = [];
  for (const p of origins) {
    const i = sentencesOf(p.doc).indexOf(statement);
    supporting.push({
      edgeId: `e_${p.view.pageId}_${i}_${id}`,
      stance: 'supports',
      confidence: 1,
      fragmentId: `f_${p.view.pageId}_${i}`,
      quote: statement,
      locator: { paragraph: i },
      source: p.view,
      ...judgeFields(ORIGIN_JUDGE),
    });
  }
  for (const p of readable) {
    if (origins.includes(p)) continue;
    sentencesOf(p.doc).forEach((sentence, i) => {
      if ([...words(sentence)].filter((w) => cw.has(w)).length < 3) return;
      const stance = negated(sentence) !== negated(statement) ? 'refutes' : 'supports';
      const view: EvidenceView = {
        edgeId: `e_${p.view.pageId}_${i}_${id}`,
        stance,
        confidence: 0.9,
        fragmentId: `f_${p.view.pageId}_${i}`,
        quote: sentence,
        locator: { paragraph: i },
        source: p.view,
        ...judgeFields(modelJudge('fake-stance')),
      };
      (stance === 'refutes' ? refuting : supporting).push(view);
    });
  }
  const items: EvidenceItem[] = [...supporting, ...refuting].map((e) => ({
    stance: e.stance,
    confidence: e.confidence,
    trustLevel: e.source.trustLevel,
    source: e.source.url,
  }));
  const axes = statusAxesFromEvidence(items, { coverage: 1, recency: 1, traceability: 1, contestedByHighTrust: false });
  const decision = determineClaimStatus(axes);
  const conf = claimConfidence(items);
  return {
    id,
    statement,
    slots: {},
    decisionRelevance: /\d/.test(statement) ? 'medium' : 'low',
    status: decision.status as ClaimStatus,
    confidence: conf.confidence,
    uncertainty: conf.uncertainty,
    controversy: conf.controversy,
    rationale: decision.rationale,
    axes,
    conditions: decision.conditions,
    counts: { supports: supporting.length, refutes: refuting.length, neutral: 0 },
    supporting,
    refuting,
    origins: origins.map((p) => p.view),
  };
}

/** The claims of a task's readable pages and of the statements verified in it (no page of their own), by id. */
export function claimMaterials(readable: readonly MemoryPage[], verified: readonly string[]): ClaimMaterial[] {
  const origins = new Map<string, { statement: string; pages: MemoryPage[] }>();
  for (const p of readable) {
    for (const sentence of sentencesOf(p.doc)) {
      const o = origins.get(claimId(sentence)) ?? { statement: sentence, pages: [] };
      o.pages.push(p);
      origins.set(claimId(sentence), o);
    }
  }
  for (const v of verified) if (!origins.has(claimId(v))) origins.set(claimId(v), { statement: v, pages: [] });
  return [...origins.values()].map((o) => claimMaterial(o.statement, o.pages, readable)).sort((a, b) => (a.id < b.id ? -1 : 1));
}
