// The evidence graph of one task as the browser UI's graph view draws it: sources (pages) and claims,
// each claim at home in the source it was extracted from (clustering by source), edges a reader sees
// (supports, refutes, stated-in, contradicts, cites). Neutral judgements are left out. Compact field
// names: a 5,000-claim task is sent as one JSON document.
import { TRUST_LEVELS, type TrustLevel } from '../../core/index.js';
import type { HtmlClaimStatus } from '../../report/index.js';
import type { TaskPage } from './task-views.js';

export interface GraphSourceNode {
  id: string;
  url: string;
  title: string;
  /** What the graph writes beside the node: the title, shortened (every local document's domain is its corpus, so "corpus:example" named them all alike). */
  label: string;
  domain: string;
  trust: TrustLevel;
  /** Claims at home here. */
  claims: number;
  /** Rank of its trust level (0 = PRIMARY): the ring it is drawn on. */
  ring: number;
}

export interface GraphClaimNode {
  id: string;
  label: string;
  status: HtmlClaimStatus;
  confidence: number;
  /** The source it was extracted from (its cluster); null when no source states it. */
  home: string | null;
  rejected: boolean;
  /** Among the first claims of the task's reading order (the claim asked, then decision relevance and confidence): labelled at first zoom. */
  top: boolean;
}

export interface TaskGraphView {
  sources: GraphSourceNode[];
  claims: GraphClaimNode[];
  /** source → claim: k = supports | refutes | stated; c = the judge's confidence. */
  evidence: Array<{ s: string; t: string; k: 'supports' | 'refutes' | 'stated'; c: number }>;
  contradicts: Array<{ a: string; b: string; type: string }>;
  cites: Array<{ s: string; t: string; influential: boolean }>;
}

/** Claims labelled before any zoom: the first of the task's reading order that are not rejected. */
export const GRAPH_TOP_CLAIMS = 8;

/** Longest source label drawn in the graph, in characters. */
export const GRAPH_LABEL_CHARS = 40;

export function taskGraphView(page: TaskPage): TaskGraphView {
  const byUrl = new Map<string, GraphSourceNode>();
  const sourceOf = (url: string, title: string | undefined, domain: string, trust: TrustLevel): GraphSourceNode => {
    let s = byUrl.get(url);
    if (!s) {
      const shown = title?.trim() || domain || url;
      const label = shown.length > GRAPH_LABEL_CHARS ? `${shown.slice(0, GRAPH_LABEL_CHARS - 1)}…` : shown;
      s = { id: `s${byUrl.size}`, url, title: title ?? url, label, domain, trust, claims: 0, ring: TRUST_LEVELS.indexOf(trust) };
      byUrl.set(url, s);
    }
    return s;
  };
  for (const p of page.pages) sourceOf(p.url, p.title, p.domain, p.trustLevel);
  const claims: GraphClaimNode[] = [];
  const evidence: TaskGraphView['evidence'] = [];
  // page.doc.claims come in the materials' reading order: the first ones not rejected are the top ones.
  let tops = 0;
  for (const c of page.doc.claims) {
    const top = c.rejected === undefined && tops < GRAPH_TOP_CLAIMS;
    if (top) tops++;
    let home: GraphSourceNode | undefined;
    for (const q of [...c.supporting, ...c.refuting]) {
      const s = sourceOf(q.source.url, q.source.title, q.source.domain, q.source.trustLevel);
      if (q.stated && !home) home = s;
      evidence.push({ s: s.id, t: c.id, k: q.stated ? 'stated' : q.stance, c: Math.round(q.confidence * 100) / 100 });
    }
    if (home) home.claims++;
    claims.push({
      id: c.id,
      label: c.statement,
      status: c.status,
      confidence: Math.round(c.confidence * 100) / 100,
      home: home?.id ?? null,
      rejected: c.rejected !== undefined,
      top,
    });
  }
  const shown = new Set(claims.map((c) => c.id));
  return {
    sources: [...byUrl.values()],
    claims,
    evidence,
    contradicts: page.doc.contested
      .filter((p) => shown.has(p.claimId) && shown.has(p.otherClaimId))
      .map((p) => ({ a: p.claimId, b: p.otherClaimId, type: p.type })),
    cites: page.citations.flatMap((c) => {
      const s = byUrl.get(c.from.url);
      const t = byUrl.get(c.to.url);
      return s && t ? [{ s: s.id, t: t.id, influential: c.influential }] : [];
    }),
  };
}
