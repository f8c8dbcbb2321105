import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeFields, modelJudge, type ClaimMaterial, type EvidenceView, type RelevanceModel } from '../../core/index.js';
import type { EvidenceItemArtifact, VerifiedClaimItem } from './artifacts.js';
import type { RunMeaning } from './relevance.js';
import type { TaskSnapshot } from './snapshot.js';
import { isUnlinked, nearestInMeaning, orderPropositionClosest } from './unlinked-closest.js';

const view = (id: string, text: string, supports: number): EvidenceView => ({
  edgeId: id,
  stance: 'neutral',
  confidence: 1 - supports,
  fragmentId: `frg_${id}`,
  quote: text,
  locator: {},
  source: { pageId: `pg_${id}`, url: `corpus://c/${id}`, domain: 'c', trustLevel: 'ACADEMIC', sourceType: 'academic_paper', primary: true },
  ...judgeFields(modelJudge('embedded')),
  scores: { supports, refutes: 0.05, neutral: 0.95 - supports },
});

/** Relevance by meaning whose encoder reads a text's cosine from a table (the statement asked is recorded). */
function meaningOf(cosines: Record<string, number>, asked: string[] = []): Pick<RunMeaning, 'model'> {
  const model = {
    name: 'table',
    cut: 0.3,
    async similarities(statement: string, texts: readonly string[]) {
      asked.push(statement);
      return texts.map((t) => cosines[t] ?? 0);
    },
  } as unknown as RelevanceModel;
  return { model };
}

// The judge leans most to the passage that shares a number; the encoder reads the other as nearer.
const number = view('n', 'Only about 10% of that decline was attributable to bleaching.', 0.86);
const finding = view('f', 'During this period, 19 percent of coral reefs worldwide were lost.', 0.2);
const COSINES = { [number.quote]: 0.41, [finding.quote]: 0.71 };

test('nearestInMeaning: the passages nearest the statement first, each with its cosine; none without relevance by meaning', async () => {
  const asked: string[] = [];
  const ctx = { meaning: meaningOf(COSINES, asked) as RunMeaning };
  const out = await nearestInMeaning(ctx, 'Approximately 10% of the world’s coral reefs are dead.', [number, finding]);
  assert.deepEqual(
    out?.map((x) => [x.view.edgeId, x.cosine]),
    [
      ['f', 0.71],
      ['n', 0.41],
    ],
  );
  assert.deepEqual(asked, ['Approximately 10% of the world’s coral reefs are dead.']);
  assert.equal(await nearestInMeaning({}, 'Anything.', [number]), undefined);
  assert.deepEqual(await nearestInMeaning(ctx, 'Anything.', []), []);
});

test("orderPropositionClosest: the answer's closest passages nearest in meaning first; the judge's order without relevance by meaning", async () => {
  const claim = { id: 'clm_p', statement: 'Coral reefs are dying.', closest: [number, finding] } as unknown as ClaimMaterial;
  const snapshot = (): TaskSnapshot => ({ claims: [{ ...claim }] }) as unknown as TaskSnapshot;
  const byMeaning = snapshot();
  await orderPropositionClosest({ meaning: meaningOf(COSINES) as RunMeaning }, byMeaning, 'clm_p');
  assert.deepEqual(
    byMeaning.claims[0]!.closest!.map((e) => e.edgeId),
    ['f', 'n'],
  );
  const byLean = snapshot();
  await orderPropositionClosest({}, byLean, 'clm_p');
  assert.deepEqual(
    byLean.claims[0]!.closest!.map((e) => e.edgeId),
    ['n', 'f'],
  );
});

test('isUnlinked: a relevant claim with no evidence but its own sentence; not the proposition, an irrelevant claim, or one another source supports or refutes', () => {
  const origin = { evidence_id: 'ev_o', bias_flags: ['self_source'] } as unknown as EvidenceItemArtifact;
  const other = { evidence_id: 'ev_x', bias_flags: [] } as unknown as EvidenceItemArtifact;
  const evidence = new Map([
    ['clm_1|ev_o', origin],
    ['clm_1|ev_x', other],
  ]);
  const c = {
    claim_id: 'clm_1',
    relevance: 0.5,
    question_proposition: false,
    supporting_evidence_ids: ['ev_o'],
    refuting_evidence_ids: [],
  } as unknown as VerifiedClaimItem;
  assert.equal(isUnlinked(c, evidence), true);
  assert.equal(isUnlinked({ ...c, relevance: 0.2 }, evidence), false);
  assert.equal(isUnlinked({ ...c, question_proposition: true }, evidence), false);
  assert.equal(isUnlinked({ ...c, supporting_evidence_ids: ['ev_o', 'ev_x'] }, evidence), false);
  assert.equal(isUnlinked({ ...c, refuting_evidence_ids: ['ev_x'] }, evidence), false);
});
