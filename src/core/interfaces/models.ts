// Model families: stance (NLI) and embeddings. Each backend is created by a factory in models/.
import type { Stance } from '../enums.js';

export interface StancePair {
  claim: string;
  /** A sentence up to a whole abstract; backends split and aggregate by their documented rule. */
  passage: string;
}

export interface StanceJudgement {
  stance: Stance;
  /** Calibrated probability of `stance`. */
  confidence: number;
  /** Probability of each class. */
  scores: Record<Stance, number>;
  /** The passage sentence that decided the judgement. */
  decisiveSentence: string;
}

export interface StanceModel {
  readonly name: string;
  judge(pairs: StancePair[], options?: { signal?: AbortSignal }): Promise<StanceJudgement[]>;
}

export interface EmbeddingModel {
  readonly name: string;
  readonly dimensions: number;
  embed(texts: string[], options?: { signal?: AbortSignal }): Promise<Float32Array[]>;
}

/**
 * Translates a search query into the other working language (query expansion's mirror queries and
 * the research workflow's WIDE queries). Adapters: the `models.llm` chat model (app/translator.ts).
 */
export interface Translator {
  readonly name: string;
  translate(options: { text: string; to: 'en' | 'ja'; signal?: AbortSignal }): Promise<string>;
}

/**
 * Synonyms for mechanical query expansion (seed 002 同義語展開). Synchronous: a lookup reads a few
 * lines of a local dictionary. Adapters: WordNet (models/wordnet, English).
 */
export interface Thesaurus {
  readonly name: string;
  /**
   * Synonyms of a word or a collocation ("sea level"), in the dictionary's order, never the term itself
   * or a form of it; `[]` when the term is known but has none the thesaurus trusts, undefined when it
   * does not know the term at all (so a caller does not split a known collocation into its words).
   */
  synonyms(term: string): string[] | undefined;
}
