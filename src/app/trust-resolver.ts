// The TrustResolver the pipeline and the graph step read trust through: the configured domain policy
// (hot-reloaded) with L6 verification state from the store on top, a user override always winning
// (app/domains/domains.ts explainDomain holds that precedence); corpus:// URLs take their corpus's trust level.
import { InvalidInputError, type Store, type TrustLevel, type TrustOrigin } from '../core/index.js';
import type { TrustResolver } from '../pipeline/index.js';
import { parseCorpusUrl } from '../sources/index.js';
import type { DomainPolicySource } from './config/index.js';
import { explainDomain } from './domains/domains.js';

export interface TrustAnswer {
  trustLevel: TrustLevel;
  domain: string;
  origin: TrustOrigin;
}

export function createTrustResolver(options: { policy: DomainPolicySource; store: Store }): TrustResolver {
  const { policy, store } = options;
  return {
    of(url: string): TrustAnswer {
      const corpus = parseCorpusUrl(url);
      if (corpus) {
        const info = store.listCorpora().find((c) => c.name === corpus.corpus);
        const level = info?.trustLevel;
        return level
          ? { trustLevel: level, domain: `corpus:${corpus.corpus}`, origin: 'config' }
          : { trustLevel: policy.current().defaults.trustLevel, domain: `corpus:${corpus.corpus}`, origin: 'default' };
      }
      if (!/^https?:\/\//i.test(url))
        throw new InvalidInputError(`trust: no trust level for ${JSON.stringify(url)} (http(s) and corpus:// URLs only)`, { code: 'url_scheme' });
      const e = explainDomain({ policy: policy.current(), store, domain: url });
      return { trustLevel: e.trust_level, domain: e.registrable_domain, origin: e.origin };
    },
  };
}
