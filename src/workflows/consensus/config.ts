// Defaults of seed 004 §4.1/§4.2, Lyra's limits, and validation of a caller's configuration.
import { z } from 'zod';
import { InvalidInputError } from '../../core/index.js';
import { detectLanguage } from '../../extract/index.js';
import { CONFLICT_THRESHOLD } from '../../policy/index.js';
import type { AgentStrategy, ConsensusResearchConfig, ReportLanguage } from './types.js';

/** Most agents of one run. */
export const MAX_AGENTS = 10;
/** Most iterations of one run. */
export const MAX_ITERATIONS = 10;
/** Most sources one agent reads per iteration. */
export const MAX_RESULTS_PER_AGENT = 50;
/** Most retries of an iteration after a majority failure. */
export const MAX_ITERATION_RETRIES = 3;
/** Longest topic accepted, in characters. */
export const MAX_TOPIC_CHARS = 1000;

/** Seed 004 §4.1, with Lyra's additions (local-first: every injected provider by default). */
export const DEFAULT_CONFIG: ConsensusResearchConfig = {
  topic: '',
  agentCount: 3,
  iterationCount: 3,
  agentTimeoutMs: 300_000,
  conflictThreshold: CONFLICT_THRESHOLD,
  searchConfig: { providers: [], maxResultsPerAgent: 10 },
  earlyTerminationThreshold: 0.05,
  iterationRetries: 1,
  maxClaimsPerReport: 30,
  maxConflictPairs: 120,
  fetchConcurrency: 4,
};

/** Seed 004 §4.2, with English modifiers for English topics. */
export const DEFAULT_STRATEGIES: AgentStrategy[] = [
  {
    agentId: 1,
    queryModifiers: ['公式', '発表', 'オフィシャル'],
    preferredSources: ['official'],
    timeRange: 'all',
    maxResultsPerAgent: 10,
    localizedModifiers: { en: ['official', 'announcement', 'statement'] },
  },
  {
    agentId: 2,
    queryModifiers: ['最新', 'ニュース', '速報'],
    preferredSources: ['news'],
    timeRange: 'week',
    maxResultsPerAgent: 10,
    localizedModifiers: { en: ['latest', 'news', 'breaking'] },
  },
  {
    agentId: 3,
    queryModifiers: ['分析', '考察', '懸念', '課題'],
    preferredSources: ['academic', 'community'],
    timeRange: 'month',
    maxResultsPerAgent: 10,
    localizedModifiers: { en: ['analysis', 'discussion', 'concerns', 'challenges'] },
  },
];

const strategySchema = z.strictObject({
  agentId: z.number().int().min(1),
  queryModifiers: z.array(z.string()),
  preferredSources: z.array(z.enum(['official', 'news', 'academic', 'community'])),
  timeRange: z.enum(['day', 'week', 'month', 'year', 'all']),
  maxResultsPerAgent: z.number().int().min(1).max(MAX_RESULTS_PER_AGENT),
  localizedModifiers: z.strictObject({ ja: z.array(z.string()).optional(), en: z.array(z.string()).optional() }).optional(),
});

const configSchema = z.strictObject({
  topic: z.string().trim().min(1, 'the topic is empty').max(MAX_TOPIC_CHARS),
  agentCount: z.number().int().min(1).max(MAX_AGENTS),
  iterationCount: z.number().int().min(1).max(MAX_ITERATIONS),
  agentTimeoutMs: z.number().int().min(1),
  conflictThreshold: z.number().min(0).max(1),
  searchConfig: z.strictObject({
    providers: z.array(z.string().min(1)),
    maxResultsPerAgent: z.number().int().min(1).max(MAX_RESULTS_PER_AGENT),
  }),
  earlyTerminationThreshold: z.number().min(0).max(1),
  language: z.enum(['ja', 'en']).optional(),
  iterationRetries: z.number().int().min(0).max(MAX_ITERATION_RETRIES),
  maxClaimsPerReport: z.number().int().min(1).max(500),
  maxConflictPairs: z.number().int().min(0).max(10_000),
  fetchConcurrency: z.number().int().min(1).max(32),
  strategies: z.array(strategySchema).min(1).optional(),
});

/**
 * `base` overlaid with `partial` (searchConfig merged key by key) and the topic, validated. Invalid
 * values are an InvalidInputError naming the key.
 */
export function resolveConfig(base: ConsensusResearchConfig, partial: Partial<ConsensusResearchConfig>, topic?: string): ConsensusResearchConfig {
  const merged = {
    ...base,
    ...partial,
    searchConfig: { ...base.searchConfig, ...partial.searchConfig },
    ...(topic !== undefined ? { topic } : {}),
  };
  const parsed = configSchema.safeParse(merged);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`).join('; ');
    throw new InvalidInputError(`consensus research: invalid configuration: ${issues}`, { code: 'invalid_config', details: { issues } });
  }
  return parsed.data as ConsensusResearchConfig;
}

/** Validates a constructor's partial configuration on its own (no topic yet). */
export function resolveBaseConfig(partial: Partial<ConsensusResearchConfig>): ConsensusResearchConfig {
  const placeholder = partial.topic?.trim() ? partial.topic : 'x';
  return { ...resolveConfig(DEFAULT_CONFIG, partial, placeholder), topic: partial.topic ?? DEFAULT_CONFIG.topic };
}

/** The run's language: configured, else the topic's. */
export function languageOf(config: ConsensusResearchConfig): ReportLanguage {
  return config.language ?? detectLanguage(config.topic);
}

/** Strategy of agent `index` (0-based): the list cycled, renumbered so agent ids run 1..agentCount. */
export function strategyFor(config: ConsensusResearchConfig, index: number): AgentStrategy {
  const list = config.strategies ?? DEFAULT_STRATEGIES;
  const base = list[index % list.length]!;
  return {
    ...base,
    agentId: index + 1,
    // The defaults follow the run's searchConfig; custom strategies keep their own limit within it.
    maxResultsPerAgent: config.strategies ? Math.min(base.maxResultsPerAgent, config.searchConfig.maxResultsPerAgent) : config.searchConfig.maxResultsPerAgent,
    queryModifiers: [...base.queryModifiers],
    preferredSources: [...base.preferredSources],
  };
}

/** Modifiers of a strategy for a language (seed: Japanese; others from `localizedModifiers`). */
export function modifiersFor(strategy: AgentStrategy, language: ReportLanguage): string[] {
  if (language === 'ja') return strategy.localizedModifiers?.ja ?? strategy.queryModifiers;
  return strategy.localizedModifiers?.[language] ?? strategy.queryModifiers;
}
