// Which perspectives reached a claim: the perspective of the search that found it first, and that of
// every other search that returned its page again. A folder or a small corpus is read by the first few
// searches, so the later perspectives' searches return pages the task already holds; counted by first
// finder alone they showed "0 claims found", their gaps stayed open and DEEP searched them again for
// pages it already had. A search records the readable pages it found (SearchEntry.sourcePageIds, the
// engine's SearchOutcome.sources); runs stored before it recorded them count by first finder.
import type { PerspectiveKey } from './perspectives.js';
import type { ResearchState } from './state.js';

/** A claim as reach reads it: its id and the pages it was extracted from. */
export interface ReachedClaim {
  id: string;
  origins: ReadonlyArray<{ pageId: string }>;
}

/** The perspectives that reached each claim (first finder first, then the others in search order). */
export function perspectiveReach(
  state: Pick<ResearchState, 'entries' | 'foundBy'>,
  claims: readonly ReachedClaim[],
): (claimId: string) => readonly PerspectiveKey[] {
  const byKey = new Map(state.entries.map((e) => [e.key, e]));
  const byPage = new Map<string, PerspectiveKey[]>();
  for (const e of state.entries) {
    if (!e.perspective || e.status !== 'done') continue;
    for (const pageId of e.sourcePageIds ?? []) {
      const list = byPage.get(pageId) ?? [];
      if (!list.includes(e.perspective)) list.push(e.perspective);
      byPage.set(pageId, list);
    }
  }
  const reach = new Map<string, PerspectiveKey[]>();
  for (const c of claims) {
    const out: PerspectiveKey[] = [];
    const first = byKey.get(state.foundBy[c.id] ?? '')?.perspective;
    if (first) out.push(first);
    for (const o of c.origins) for (const p of byPage.get(o.pageId) ?? []) if (!out.includes(p)) out.push(p);
    reach.set(c.id, out);
  }
  return (claimId) => reach.get(claimId) ?? [];
}
