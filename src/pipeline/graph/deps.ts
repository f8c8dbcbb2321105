// What the graph step is given: the store, the models and the trust resolver (the engine wires them).
import type { ClaimScreen, EmbeddingModel, EngineEvent, StanceModel, Store, Thesaurus } from '../../core/index.js';
import type { TrustResolver } from '../materials/index.js';
import type { GraphLimits } from './limits.js';

export interface GraphDeps {
  store: Store;
  stance: StanceModel;
  /** Optional: without it claims merge by word overlap only and candidates are ranked lexically (a visible warning). */
  embedding?: EmbeddingModel;
  /**
   * Optional learned veto over the claims the rules accept (models/claim-screen); it reads `embedding`'s
   * vectors, and is skipped with a warning when that model is another one.
   */
  claimScreen?: ClaimScreen;
  /**
   * Optional judge whose veto keeps apart two claims the merge would join when it reads them as
   * contradicting (graph/merge-vetoes.ts); asked for only when such a pair exists.
   */
  mergeJudge?: () => StanceModel | undefined;
  /**
   * Optional: the pretrained encoder and judge that link claims of different sources stating the same
   * finding (graph/corroborate.ts); each asked for only when a pair needs it.
   */
  corroboration?: { encoder: () => EmbeddingModel | undefined; judge: () => StanceModel | undefined };
  /**
   * Optional: names of things by other names (WordNet). A claim whose subject has some is also ranked
   * and judged in the name its evidence uses (claim-readings.ts); without it, as stated only.
   */
  thesaurus?: Thesaurus;
  trust: TrustResolver;
  emit: (e: EngineEvent) => void;
  limits?: Partial<GraphLimits>;
}
