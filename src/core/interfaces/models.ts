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
  /**
   * Set by a calibrating wrapper (app/feedback/calibration.ts): the backend it wraps and the calibration version its
   * last batch was mapped by (none while no calibration is active). Edges store both as fields.
   */
  readonly calibration?: { backend: string; version?: number };
  judge(pairs: StancePair[], options?: { signal?: AbortSignal }): Promise<StanceJudgement[]>;
}

export interface EmbeddingModel {
  readonly name: string;
  readonly dimensions: number;
  embed(texts: string[], options?: { signal?: AbortSignal }): Promise<Float32Array[]>;
}

/**
 * A learned screen over claim candidates: from a statement's embedding, the probability that it is a
 * claim worth checking (not a definition, a study's design, a framed view…). It reads the vectors of
 * one embedding model (`embeddingModel`, by name) and is applied after the rule screen, as a veto.
 * Adapters: models/claim-screen (a logistic regression on the shipped encoder's vectors, shipped weights).
 */
export interface ClaimScreen {
  readonly name: string;
  /** Name of the EmbeddingModel whose vectors `score` expects. */
  readonly embeddingModel: string;
  readonly dimensions: number;
  /** A statement scored below this is not kept as a claim. */
  readonly threshold: number;
  /** Probability in [0, 1] that the statement (with its vector from `embeddingModel`) is worth checking. */
  score(input: { statement: string; vector: Float32Array }): number;
}

/**
 * Relevance by meaning: a fitted mix of the term rules' relevance of a claim to a question (workflows/answer)
 * and a sentence encoder's cosine of the two. The caller computes the cosines once per statement
 * (`similarities`, async: the encoder runs) and mixes them with the rules' figure, which depends on the
 * run's claims (term rarity), as often as it needs (`combine`, sync). Adapters: models/relevance (a logistic
 * regression over models/minilm-en's cosine, shipped weights).
 */
export interface RelevanceModel {
  readonly name: string;
  /** Name of the EmbeddingModel whose cosines `combine` was fitted on. */
  readonly embeddingModel: string;
  /** Cosine of the question and each statement, in the statements' order. */
  similarities(question: string, statements: readonly string[], options?: { signal?: AbortSignal }): Promise<number[]>;
  /**
   * Whether `combine` reads `titleSimilarity`: the cosine of the question and the title of the document the
   * claim comes from (the most similar, when it comes from several). The caller computes those cosines
   * with `similarities` too. Absent: false (a model written before titles were read).
   */
  readonly readsTitles?: boolean;
  /**
   * The claim's relevance on the rules' scale: at or over `cut` exactly when the fitted probability
   * that the claim is relevant reaches the fitted threshold; monotone in that probability. A model that
   * reads titles takes `similarity` in place of a `titleSimilarity` not given (documents without a title)
   * and never reads a title as less about the question than the claim itself.
   */
  combine(parts: { rules: number; similarity: number; titleSimilarity?: number }): number;
  /** The relevance a claim must reach to count as relevant (the workflows' MIN_RELEVANCE). */
  readonly cut: number;
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

/**
 * How relevant a task's claims are to its question, read mechanically (the research run's relevance:
 * the question's subject and aspect terms weighted by their rarity among the statements). Materials
 * order a task's claims by it, so the claims that answer the question come first. Adapter:
 * app/question-relevance.ts over workflows/answer.
 */
export interface QuestionRelevance {
  /** A scorer for one question over a set of statements (term rarity is counted over `statements`); 0–1. */
  scorer(question: string, statements: readonly string[]): (statement: string) => number;
}
