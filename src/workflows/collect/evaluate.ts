// Quality of a source (seed 003 §3.2): its type and credibility from policy/ (classifySourceType,
// credibilityScore), its relevance to the outline, and its verification, as a PrimarySource.
import { SOURCE_TYPES, type SourceType } from '../../core/index.js';
import { classifySourceType, credibilityScore } from '../../policy/index.js';
import type { UniqueSource } from './dedupe.js';
import { relevantSections, type SectionTerms } from './relevance.js';
import type { PrimarySource } from './schema.js';
import type { Verification } from './verify.js';

export function evaluateSource(source: UniqueSource, options: { sections: readonly SectionTerms[]; verification?: Verification }): PrimarySource {
  const c = source.candidate;
  const hints = { title: c.title, hasScholarlyId: c.hasScholarlyId, ...(c.authorOrganization ? { author: c.authorOrganization } : {}) };
  const sourceType = classifySourceType(c.url, hints);
  const v = options.verification;
  return {
    url: c.url,
    title: c.title,
    source_type: sourceType,
    excerpt: c.excerpt,
    publication_date: c.publishedAt ?? null,
    author_organization: c.authorOrganization ?? null,
    credibility_score: credibilityScore(sourceType, c.url, hints),
    verified: v?.outcome === 'verified',
    verification_status: v?.status ?? null,
    relevance_to_outline: relevantSections({ title: c.title, excerpt: c.excerpt, foundBySections: source.sections, sections: options.sections }),
  };
}

/** Count of each source type, every type present (0 when none). */
export function sourceTypeDistribution(sources: readonly Pick<PrimarySource, 'source_type'>[]): Record<SourceType, number> {
  const out = Object.fromEntries(SOURCE_TYPES.map((t) => [t, 0])) as Record<SourceType, number>;
  for (const s of sources) out[s.source_type]++;
  return out;
}
