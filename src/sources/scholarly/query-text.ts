// Web search operators mean nothing to scholarly APIs: `site:arxiv.org transformers` must reach
// Semantic Scholar as `transformers`, not as a search for the literal text "site:arxiv.org".

const WEB_OPERATOR = /(?:^|\s)-?(?:site|filetype|ext|inurl|intitle|allintitle|allinurl|intext|lang|before|after|related|cache):\S+/gi;

/** The query with web operators (`site:`, `filetype:`, `inurl:` …) removed; quotes and words kept. */
export function stripWebOperators(query: string): string {
  return query.replace(WEB_OPERATOR, ' ').replace(/\s+/g, ' ').trim();
}
