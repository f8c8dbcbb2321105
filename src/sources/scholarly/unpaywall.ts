// Unpaywall: where a DOI can be read for free (seed 000 §2.2: OA link resolution). It has no search,
// so it is not a ScholarlySource: enrichment asks it for an open-access URL once a DOI is known.
import { z } from 'zod';
import { InvalidInputError, type ScholarlyRequestOptions } from '../../core/index.js';
import { createApiClient, encodePathId } from './http.js';
import { normalizeDoi } from './identifiers.js';
import { fetcherSchema } from './paper.js';
import { parseJsonBody } from './parse.js';
import { createRateLimiter } from './rate-limiter.js';

export const UNPAYWALL_NAME = 'unpaywall';
const API = UNPAYWALL_NAME;

export const unpaywallOptionsSchema = z.strictObject({
  fetcher: fetcherSchema,
  /** API base (config `scholarly.unpaywall.base_url`). */
  baseUrl: z.url().default('https://api.unpaywall.org/v2'),
  /** Required by Unpaywall on every call (config `scholarly.unpaywall.email`). */
  email: z.email({ message: 'Unpaywall needs a contact email: set scholarly.unpaywall.email' }),
  /** Unpaywall asks for at most 100,000 calls a day; 5/s stays far below bursts that get throttled. */
  requestsPerSecond: z.number().min(0).default(5),
});
export type UnpaywallOptions = z.input<typeof unpaywallOptionsSchema>;

export interface OpenAccessLocation {
  doi: string;
  isOa: boolean;
  /** Best location's PDF, else its landing page; absent when the DOI is closed. */
  url?: string;
  pdfUrl?: string;
  landingPageUrl?: string;
  /** gold / green / hybrid / bronze / closed, as Unpaywall reports it. */
  oaStatus?: string;
  license?: string;
  version?: string;
  hostType?: string;
}

export interface OpenAccessLocator {
  readonly name: string;
  /** Open-access location of a DOI; undefined when Unpaywall does not know the DOI. */
  findOpenAccess(doi: string, options?: ScholarlyRequestOptions): Promise<OpenAccessLocation | undefined>;
}

const locationSchema = z.looseObject({
  url: z.string().nullish(),
  url_for_pdf: z.string().nullish(),
  url_for_landing_page: z.string().nullish(),
  license: z.string().nullish(),
  version: z.string().nullish(),
  host_type: z.string().nullish(),
});
const responseSchema = z.looseObject({
  doi: z.string(),
  is_oa: z.boolean(),
  oa_status: z.string().nullish(),
  best_oa_location: locationSchema.nullish(),
});

export function createUnpaywallLocator(options: UnpaywallOptions): OpenAccessLocator {
  const opts = unpaywallOptionsSchema.parse(options);
  const client = createApiClient({
    api: API,
    fetcher: opts.fetcher,
    baseUrl: opts.baseUrl,
    limiter: createRateLimiter({ name: API, requestsPerSecond: opts.requestsPerSecond }),
    params: { email: opts.email },
  });
  return {
    name: API,
    async findOpenAccess(doi: string, options: ScholarlyRequestOptions = {}): Promise<OpenAccessLocation | undefined> {
      const d = normalizeDoi(doi);
      if (!d) throw new InvalidInputError(`${API}: not a DOI: ${JSON.stringify(doi)}`, { code: 'identifier_invalid', details: { api: API, doi } });
      const res = await client.send({ path: `/${encodePathId(d)}`, accept: 'application/json', signal: options.signal, notFoundIsUndefined: true });
      if (!res) return undefined;
      const body = parseJsonBody(responseSchema, res.text, { api: API, url: res.url, what: 'DOI record' });
      const best = body.best_oa_location;
      const loc: OpenAccessLocation = { doi: d, isOa: body.is_oa };
      const pdf = best?.url_for_pdf ?? undefined;
      const landing = best?.url_for_landing_page ?? undefined;
      const url = pdf ?? best?.url ?? landing;
      if (url) loc.url = url;
      if (pdf) loc.pdfUrl = pdf;
      if (landing) loc.landingPageUrl = landing;
      if (body.oa_status) loc.oaStatus = body.oa_status;
      if (best?.license) loc.license = best.license;
      if (best?.version) loc.version = best.version;
      if (best?.host_type) loc.hostType = best.host_type;
      return loc;
    },
  };
}
