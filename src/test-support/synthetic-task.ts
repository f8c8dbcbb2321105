// A task written straight into a real store, of any size, for the browser UI's route tests and
// `npm run bench:ui`: sources across trust levels, claims with statuses, rationales, the sentence each
// was extracted from (origin edge) and a judged quote from another source, contradictions between
// contested claims. Optional hostile titles and quotes check that the UI shows them as text.
import { judgeFields, modelJudge, ORIGIN_JUDGE, type ClaimStatus, type Store, type TrustLevel } from '../core/index.js';

export interface SyntheticTaskOptions {
  taskId: string;
  question: string;
  claims: number;
  /** Sources (pages), default max(3, claims / 10). */
  sources?: number;
  /** Title of the first source (e.g. a hostile one). */
  firstTitle?: string;
  /** Status `running` instead of `completed`. */
  running?: boolean;
  /** A verify task (its question one of its claims); default research. */
  kind?: 'research' | 'verify';
}

const STATUSES: Array<ClaimStatus | undefined> = ['VERIFIED', 'CONTESTED', 'REFUTED', 'UNSUPPORTED', 'CONDITIONED', undefined];
const LEVELS: TrustLevel[] = ['ACADEMIC', 'GOVERNMENT', 'TRUSTED', 'LOW', 'UNVERIFIED'];
const now = '2026-01-01T00:00:00.000Z';

export function writeSyntheticTask(store: Store, o: SyntheticTaskOptions): { claimIds: string[]; pageUrls: string[] } {
  const sources = o.sources ?? Math.max(3, Math.floor(o.claims / 10));
  const claimIds: string[] = [];
  const pageUrls: string[] = [];
  store.transaction(() => {
    store.createTask({
      id: o.taskId,
      question: o.question,
      status: o.running ? 'running' : 'completed',
      kind: o.kind ?? 'research',
      budget: { maxPages: 1000, maxQueries: 100, maxSeconds: 3600 },
      priorityDomains: [],
      createdAt: now,
      configSnapshot: {},
    });
    for (let p = 0; p < sources; p++) {
      const domain = `site${p % 50}.example`;
      const url = `https://${domain}/article/${p}`;
      pageUrls.push(url);
      store.upsertPage({
        id: `pg_${o.taskId}_${p}`,
        taskId: o.taskId,
        url,
        domain,
        title: p === 0 && o.firstTitle ? o.firstTitle : `Study ${p} of exercise and blood pressure`,
        sourceType: 'academic_paper',
        fetchStatus: 'fetched',
        authors: [],
        identifiers: {},
        abstractOnly: false,
        trustLevel: LEVELS[p % LEVELS.length]!,
        createdAt: now,
      });
    }
    for (let i = 0; i < o.claims; i++) {
      const id = `clm_${o.taskId}_${i}`;
      const status = STATUSES[i % STATUSES.length];
      const home = i % sources;
      const other = (i + 1) % sources;
      const statement =
        i === 0 && o.firstTitle
          ? o.firstTitle
          : `Claim ${i}: ${i % 2 ? 'walking' : 'running'} ${i % 3 ? 'lowers' : 'raises'} resting blood pressure by ${i % 9} mmHg in group ${i % 17}.`;
      store.insertFragments([
        {
          id: `frg_${o.taskId}_${i}_a`,
          pageId: `pg_${o.taskId}_${home}`,
          text: `${statement} (sentence ${i})`,
          locator: { paragraph: i % 40, sentence: 0 },
          quotable: true,
        },
        {
          id: `frg_${o.taskId}_${i}_b`,
          pageId: `pg_${o.taskId}_${other}`,
          text: `Our trial ${i % 2 ? 'confirms' : 'does not confirm'} that finding for group ${i % 17}.`,
          locator: { paragraph: i % 30 },
          quotable: true,
        },
      ]);
      store.upsertClaim({
        id,
        taskId: o.taskId,
        statement,
        slots: {},
        decisionRelevance: 'high',
        conditions: status === 'CONDITIONED' ? ['in adults over 40'] : [],
        createdAt: now,
        ...(status ? { status, confidence: 0.5 + (i % 50) / 100, rationale: `synthetic rationale ${i}` } : {}),
      });
      store.insertEdge({
        id: `edg_${o.taskId}_${i}_o`,
        taskId: o.taskId,
        kind: 'supports',
        fragmentId: `frg_${o.taskId}_${i}_a`,
        claimId: id,
        confidence: 1,
        ...judgeFields(ORIGIN_JUDGE),
        createdAt: now,
      });
      store.insertEdge({
        id: `edg_${o.taskId}_${i}_j`,
        taskId: o.taskId,
        kind: i % 2 ? 'supports' : 'refutes',
        fragmentId: `frg_${o.taskId}_${i}_b`,
        claimId: id,
        confidence: 0.8,
        ...judgeFields(modelJudge('embedded')),
        createdAt: now,
      });
      if (status === 'CONTESTED' && i >= 6) {
        store.insertEdge({
          id: `edg_${o.taskId}_${i}_c`,
          taskId: o.taskId,
          kind: 'contradicts',
          claimId: id,
          otherClaimId: `clm_${o.taskId}_${i - 6}`,
          contradictionType: 'contested',
          trustLevel: 'ACADEMIC',
          otherTrustLevel: 'LOW',
          createdAt: now,
        });
      }
      claimIds.push(id);
    }
  });
  return { claimIds, pageUrls };
}
