// Test helpers for the graph step (used by *.test.ts only): a real SQLite store in a temp folder,
// pages and fragments written straight into it, a trust resolver over a fixed table plus the stored
// verification states, and a small deterministic stance model.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  contentHash,
  normalizeUrl,
  registrableDomain,
  throwIfAborted,
  type EngineEvent,
  type Fragment,
  type Page,
  type StanceJudgement,
  type StanceModel,
  type Stance,
  type Store,
  type TrustLevel,
} from '../../core/index.js';
import { openStore } from '../../store/index.js';
import type { TrustResolver } from '../materials/index.js';
import { contentTerms } from '../materials/index.js';

export interface GraphFixture {
  store: Store;
  path: string;
  taskId: string;
  events: EngineEvent[];
  emit: (e: EngineEvent) => void;
  addPage(options: {
    url: string;
    paragraphs: string[];
    title?: string;
    publishedAt?: string;
    sourceType?: Page['sourceType'];
    authors?: string[];
    doi?: string;
  }): Page;
  close(): void;
}

export const FIXTURE_NOW = '2026-01-01T00:00:00.000Z';

export function createGraphFixture(options: { path?: string; taskId?: string } = {}): GraphFixture {
  const dir = options.path ? undefined : mkdtempSync(join(tmpdir(), 'lyra-graph-'));
  const path = options.path ?? join(dir!, 'lyra.db');
  const store = openStore({ path });
  const taskId = options.taskId ?? 'task_graph';
  if (!store.getTask(taskId)) {
    store.createTask({
      id: taskId,
      question: 'Does drug X help?',
      status: 'running',
      budget: { maxPages: 100, maxQueries: 10, maxSeconds: 600 },
      priorityDomains: [],
      createdAt: FIXTURE_NOW,
      configSnapshot: {},
    });
  }
  const events: EngineEvent[] = [];
  return {
    store,
    path,
    taskId,
    events,
    emit: (e) => events.push(e),
    addPage: (p) => {
      const url = p.url.startsWith('corpus://') ? p.url : normalizeUrl(p.url);
      const page = store.upsertPage({
        // Ids from the URL, so two stores filled alike hold the same ids and their graphs compare.
        id: `pg_${contentHash(url).slice(0, 12)}`,
        taskId,
        url,
        domain: url.startsWith('corpus://') ? 'corpus' : registrableDomain(url),
        ...(p.title ? { title: p.title } : {}),
        sourceType: p.sourceType ?? 'other',
        fetchStatus: 'fetched',
        ...(p.publishedAt ? { publishedAt: p.publishedAt } : {}),
        authors: p.authors ?? [],
        identifiers: p.doi ? { doi: p.doi } : {},
        abstractOnly: false,
        trustLevel: 'UNVERIFIED',
        createdAt: FIXTURE_NOW,
      });
      const fragments: Fragment[] = p.paragraphs.map((text, i) => ({
        id: `${page.id}_f${i}`,
        pageId: page.id,
        text,
        locator: { paragraph: i },
        quotable: true,
      }));
      store.insertFragments(fragments);
      return page;
    },
    close: () => {
      store.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Trust by registrable domain from a table; verification states from the store; overrides win; corpus URLs get `corpusLevel`. */
export function tableTrust(
  store: Store,
  table: Record<string, TrustLevel>,
  extra: { overrides?: Record<string, TrustLevel>; corpusLevel?: TrustLevel } = {},
): TrustResolver {
  return {
    of(url) {
      if (url.startsWith('corpus://')) return { trustLevel: extra.corpusLevel ?? 'UNVERIFIED', domain: url.split('/')[2] ?? 'corpus', origin: 'config' };
      const domain = registrableDomain(url);
      const override = extra.overrides?.[domain];
      if (override) return { trustLevel: override, domain, origin: 'override' };
      const state = store.getDomainState(domain);
      if (state && state.origin === 'verification') return { trustLevel: state.trustLevel, domain, origin: 'verification' };
      const level = table[domain];
      return level ? { trustLevel: level, domain, origin: 'config' } : { trustLevel: 'UNVERIFIED', domain, origin: 'default' };
    },
  };
}

const NEGATION = /\b(not|no|never|none|cannot|fails?|failed|neither|nor)\b|n't\b/i;

/**
 * A stance model for tests: a sentence whose terms overlap the claim's with Jaccard ≥ 0.6 supports it, or refutes it
 * when exactly one of them is negated; anything else is neutral. `onCall` can abort (a simulated kill).
 */
export function ruleStanceModel(options: { onCall?: (call: number) => void } = {}): StanceModel & { calls: number; pairs: number } {
  const model = {
    name: 'rule-test',
    calls: 0,
    pairs: 0,
    async judge(pairs: Array<{ claim: string; passage: string }>, opts?: { signal?: AbortSignal }): Promise<StanceJudgement[]> {
      throwIfAborted(opts?.signal);
      model.calls++;
      options.onCall?.(model.calls);
      model.pairs += pairs.length;
      return pairs.map(({ claim, passage }) => {
        const termsOf = (text: string): string[] => contentTerms(text).filter((t) => !NEGATION.test(t));
        const terms = termsOf(claim);
        let best = { overlap: 0, sentence: passage.split(/(?<=\.)\s+/)[0] ?? passage };
        for (const sentence of passage.split(/(?<=\.)\s+/)) {
          const st = termsOf(sentence);
          const shared = terms.filter((t) => st.includes(t)).length;
          const overlap = shared / Math.max(1, new Set([...terms, ...st]).size);
          if (overlap > best.overlap) best = { overlap, sentence };
        }
        let stance: Stance = 'neutral';
        if (best.overlap >= 0.6) stance = NEGATION.test(claim) !== NEGATION.test(best.sentence) ? 'refutes' : 'supports';
        const confidence = stance === 'neutral' ? 0.8 : Math.round((0.55 + 0.4 * best.overlap) * 1000) / 1000;
        const rest = (1 - confidence) / 2;
        const scores = { supports: rest, refutes: rest, neutral: rest, [stance]: confidence } as Record<Stance, number>;
        return { stance, confidence, scores, decisiveSentence: best.sentence };
      });
    },
  };
  return model;
}
