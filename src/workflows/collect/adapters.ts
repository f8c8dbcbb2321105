// What the collect workflow needs from the outside, injected by app/. One road for evidence: every query
// is an engine search in the run's task (the engine's web, corpus and scholarly providers, its fetch,
// trust, claims and stance), the candidates are the pages those searches found, their excerpts the text
// the engine read, and a source's URL is verified through the engine (checkSource). Interfaces only.
import type { Engine } from '../../core/index.js';

/** The engine calls a collection makes. */
export type CollectEngine = Pick<Engine, 'search' | 'readSource' | 'checkSource'>;

/** A provider every query asks, by the engine's name (`corpus:<name>`, `searxng`, `openalex`…). */
export interface CollectProvider {
  name: string;
  /** A scholarly database: with one in the run, every query asks the scholarly providers (seed 003's primary collector), not only academic-looking ones. */
  scholarly?: boolean;
}
