// Where an answer loses its gold evidence (bench:research, part 3): the chain from the search to the
// verdict, stage by stage, for one run.
//   source found   the gold document is among the run's pages (Check-COVID: its abstract by cord id);
//   passage judged the proposition's judged passages hold a gold evidence sentence;
//   judge leans    the stance model, given the gold evidence alone (its sentences as one passage,
//                  aggregated by the model's own rule) against the proposition, gives the gold side a
//                  higher probability than the other (supports for SUPPORT, refutes for REFUTE);
//   judge calls    …and calls it: the passage's stance is the gold side, past the model's bar.
// The stages are independent measurements: "judge leans" holds whether or not the search found the
// sentence, so it says what the verdict would be if retrieval were perfect.
import { claimId, type Store, type StanceModel } from '../../src/core/index.js';

export interface AnswerTrace {
  sourceFound: boolean | null;
  passageJudged: boolean | null;
  judgeLeans: boolean | null;
  judgeCalls: boolean | null;
}

export interface TraceInput {
  store: Store;
  taskId: string;
  proposition: string | null;
  /** Gold side: 'supports' or 'refutes' (null for gold verdicts that are neither). */
  goldSide: 'supports' | 'refutes' | null;
  goldSentences: readonly string[];
  /** URLs of the gold documents, when the corpus names them. */
  goldSources: readonly string[];
  stance: StanceModel;
  signal?: AbortSignal;
}

const normal = (s: string): string => s.replace(/\s+/g, ' ').trim();

export async function traceAnswer(input: TraceInput): Promise<AnswerTrace> {
  const { store, taskId } = input;
  const gold = input.goldSentences.map(normal).filter(Boolean);
  const urls = new Set(store.listPages(taskId).map((p) => p.url));
  const sourceFound = input.goldSources.length > 0 ? input.goldSources.some((u) => urls.has(u)) : null;
  let passageJudged = false;
  if (input.proposition) {
    const pid = claimId(normal(input.proposition));
    for (const e of store.listEdges(taskId)) {
      if (!('fragmentId' in e) || !('claimId' in e) || e.claimId !== pid) continue;
      const text = normal(store.getFragment(e.fragmentId)?.text ?? '');
      if (gold.some((g) => text.includes(g))) {
        passageJudged = true;
        break;
      }
    }
  }
  if (gold.length === 0) return { sourceFound, passageJudged: null, judgeLeans: null, judgeCalls: null };
  if (!input.proposition || !input.goldSide) return { sourceFound, passageJudged, judgeLeans: null, judgeCalls: null };
  const other = input.goldSide === 'supports' ? 'refutes' : 'supports';
  const [judged] = await input.stance.judge([{ claim: input.proposition, passage: gold.join(' ') }], input.signal ? { signal: input.signal } : {});
  return {
    sourceFound,
    passageJudged,
    judgeLeans: judged!.scores[input.goldSide] > judged!.scores[other],
    judgeCalls: judged!.stance === input.goldSide,
  };
}
