// Builds the shipped example corpus (corpora/example/) from the Wikipedia evidence sentences of
// Climate-FEVER (../shared/data/climate-fever), the one data set the project may redistribute
// (Wikipedia text, CC BY-SA 3.0). One document per Wikipedia article: its sentences in article order,
// one paragraph each (they are not contiguous in the article). Reproducible: same input, same files.
//   node --import tsx scripts/build-example-corpus.ts [--license-file path/to/CC-BY-SA-3.0.txt]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, sharedDataPath } from '../src/test-support/shared-data.js';

const { values } = parseArgs({ options: { 'license-file': { type: 'string' } } });
const input = sharedDataPath('climate-fever/climate-fever.jsonl');
if (!existsSync(input)) {
  console.error(`build-example-corpus: missing ${input} (../shared/data is not part of a user's clone)`);
  process.exit(2);
}
const out = join(PROJECT_ROOT, 'corpora', 'example');
const articles = new Map<string, Map<number, string>>();
for (const line of readFileSync(input, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const rec = JSON.parse(line) as { evidences: Array<{ evidence_id: string; article: string; evidence: string }> };
  for (const e of rec.evidences) {
    const index = Number(e.evidence_id.slice(e.evidence_id.lastIndexOf(':') + 1));
    if (!Number.isInteger(index)) throw new Error(`unexpected evidence_id ${e.evidence_id}`);
    const sentences = articles.get(e.article) ?? new Map<number, string>();
    sentences.set(index, e.evidence.trim());
    articles.set(e.article, sentences);
  }
}
const slug = (title: string): string => title.replace(/\s+/g, '_');
const wikiUrl = (title: string): string => `https://en.wikipedia.org/wiki/${encodeURIComponent(slug(title)).replace(/%2C/g, ',').replace(/%3A/g, ':')}`;
const titles = [...articles.keys()].sort((a, b) => a.localeCompare(b, 'en'));
const docs = titles.map((title) => {
  const sentences = [...articles.get(title)!.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
  return JSON.stringify({ id: slug(title), title, text: sentences.join('\n\n') });
});
writeFileSync(join(out, 'documents.jsonl'), `${docs.join('\n')}\n`);
writeFileSync(
  join(out, 'manifest.json'),
  `${JSON.stringify(
    {
      name: 'example',
      description: 'Sentences of 1,344 English Wikipedia articles on climate (via the Climate-FEVER data set), one document per article.',
      trust_level: 'low',
      files: ['documents.jsonl'],
      license: 'CC-BY-SA-3.0',
      link_template: 'https://en.wikipedia.org/wiki/{id}',
    },
    null,
    2,
  )}\n`,
);
const attribution = [
  '# Attribution',
  '',
  'The documents in `documents.jsonl` are sentences from English Wikipedia articles, as collected by the',
  'CLIMATE-FEVER data set (Diggelmann et al., 2020, https://github.com/tdiggelm/climate-fever-dataset,',
  'arXiv:2012.00614). Wikipedia text is licensed under the Creative Commons Attribution-ShareAlike 3.0',
  'Unported License (see `LICENSE-CC-BY-SA-3.0.txt` beside this file); the authors are the contributors',
  'to each article, listed in the article history at the URL below. The sentences were selected and',
  'regrouped per article (one paragraph per sentence, in article order); they are otherwise unchanged.',
  'This corpus is distributed under the same license.',
  '',
  `## Articles (${titles.length})`,
  '',
  ...titles.map((t) => `- ${t} — ${wikiUrl(t)}`),
  '',
];
writeFileSync(join(out, 'ATTRIBUTION.md'), attribution.join('\n'));
if (values['license-file']) writeFileSync(join(out, 'LICENSE-CC-BY-SA-3.0.txt'), readFileSync(values['license-file'], 'utf8'));
console.log(`example corpus: ${docs.length} documents, ${[...articles.values()].reduce((n, m) => n + m.size, 0)} sentences → ${out}`);
